package io.jslurm.slurmd.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.jslurm.protocol.auth.SlurmCredentialSigner;
import io.jslurm.protocol.auth.SlurmKey;
import io.jslurm.protocol.client.RpcClient;
import io.jslurm.protocol.proto.ClientMessage;
import io.jslurm.protocol.proto.JobDescription;
import io.jslurm.protocol.proto.JobInfoRequest;
import io.jslurm.protocol.proto.JobInfoResponse;
import io.jslurm.protocol.proto.JobRecord;
import io.jslurm.protocol.proto.JobState;
import io.jslurm.protocol.proto.SubmitBatchJobRequest;
import io.jslurm.protocol.proto.SubmitBatchJobResponse;
import io.jslurm.protocol.wire.EnvelopeType;
import io.jslurm.slurmctld.Controller;
import io.jslurm.slurmctld.config.ClusterConfig;
import io.jslurm.slurmd.gpu.GpuDetection;
import io.jslurm.slurmd.hw.NodeHardware;
import io.jslurm.slurmd.hw.NodeHardwareProbe;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.InstantSource;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real controller and two of these slurmd on one host (each its own NodeName and Port): jobs submitted
 * through the controller's RPC run on them and end COMPLETED.
 */
class RealControllerTest {
    private static final NodeHardware HARDWARE = NodeHardwareProbe.thisMachine().probe();

    @TempDir
    Path root;

    @Test
    void submittedJobsRunOnBothNodesOfThisHostAndEndCompleted() throws Exception {
        Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxr-xr-x"));
        SlurmKey key = TestCluster.writeKey(root);
        int controllerPort = TestCluster.freePort();
        Path conf = root.resolve("slurm.conf");
        Files.createDirectories(root.resolve("state"));
        Files.writeString(conf, """
                ClusterName=it
                SlurmctldHost=localhost(127.0.0.1)
                SlurmctldPort=%d
                SlurmdPort=%d
                StateSaveLocation=%s
                SlurmdSpoolDir=%s
                SlurmdPidFile=%s
                SlurmdTimeout=30
                ReturnToService=1
                KillWait=2
                NodeName=itn1 NodeAddr=127.0.0.1 CPUs=1 RealMemory=100 Port=%d
                NodeName=itn2 NodeAddr=127.0.0.1 CPUs=1 RealMemory=100 Port=%d
                PartitionName=debug Nodes=itn[1-2] Default=YES MaxTime=10 State=UP
                """.formatted(controllerPort, TestCluster.freePort(), root.resolve("state"),
                root.resolve("spool/%n"), root.resolve("run/slurmd-%n.pid"), TestCluster.freePort(), TestCluster.freePort()));
        try (TestAccount user = TestAccount.create();
             Controller controller = Controller.start(ClusterConfig.load(conf), key, InstantSource.system(),
                     new Controller.Options(new InetSocketAddress(InetAddress.getLoopbackAddress(), controllerPort),
                             0, 0, name -> Set.of("users"), Duration.ofMillis(200), true));
             Slurmd first = slurmd("itn1", conf);
             Slurmd second = slurmd("itn2", conf)) {
            Path workDir = user.ownDirectory(root, "work");
            SlurmCredentialSigner signer = new SlurmCredentialSigner(key, InstantSource.system());
            try (RpcClient<ClientMessage> client = RpcClient.connect(EnvelopeType.CLIENT, controller.address(),
                    Duration.ofSeconds(10), signer.sourceFor(user.uid, user.gid, "login1"))) {
                // One CPU per node: while the first job sleeps, the second must go to the other slurmd.
                int firstJob = submit(client, user, workDir, "sleep 2\n");
                int secondJob = submit(client, user, workDir, "");

                List<JobRecord> ended = List.of(awaitEnd(client, firstJob), awaitEnd(client, secondJob));

                assertThat(ended).extracting(JobRecord::getState).containsOnly(JobState.JOB_COMPLETED);
                List<String> nodes = new java.util.ArrayList<>();
                for (int jobId : List.of(firstJob, secondJob)) {
                    String output = Files.readString(workDir.resolve("slurm-" + jobId + ".out"));
                    assertThat(output).matches("ran " + jobId + " on itn[12] as " + user.name + "\n");
                    nodes.add(output.split(" ")[3]);
                }
                assertThat(nodes).containsExactlyInAnyOrder("itn1", "itn2");
            }
        }
    }

    private static Slurmd slurmd(String node, Path conf) throws Exception {
        return Slurmd.start(new DaemonCommand(() -> HARDWARE, () -> new GpuDetection.NoLibrary("none"),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8))
                .setup(SlurmdOptions.parse(List.of("-N", node, "-f", conf.toString()), Optional.empty())));
    }

    private static int submit(RpcClient<ClientMessage> client, TestAccount user, Path workDir, String before)
            throws Exception {
        return client.call(SubmitBatchJobRequest.newBuilder()
                .setJob(JobDescription.newBuilder().setName("it").setUid(user.uid).setGid(user.gid)
                        .setUserName(user.name).setWorkDir(workDir.toString())
                        .setScript(ByteString.copyFromUtf8("#!/bin/bash\n" + before
                                + "echo \"ran $SLURM_JOB_ID on $SLURMD_NODENAME as $(id -un)\"\n"))
                        .addEnvironment(io.jslurm.protocol.proto.EnvironmentVariable.newBuilder().setName("PATH")
                                .setValue("/usr/bin:/bin")))
                .build(), SubmitBatchJobResponse.class).getJobId();
    }

    private static JobRecord awaitEnd(RpcClient<ClientMessage> client, int jobId) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (true) {
            JobRecord record = client.call(JobInfoRequest.newBuilder().addJobIds(jobId).build(), JobInfoResponse.class)
                    .getJobsList().stream().filter(job -> job.getJobId() == jobId).findFirst().orElseThrow();
            boolean ended = record.getState() != JobState.JOB_PENDING && record.getState() != JobState.JOB_RUNNING;
            if (ended || System.nanoTime() > deadline) {
                return record;
            }
            Thread.sleep(100);
        }
    }
}
