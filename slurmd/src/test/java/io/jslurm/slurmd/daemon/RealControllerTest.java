package io.jslurm.slurmd.daemon;

import static org.assertj.core.api.Assertions.assertThat;

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

/** The real controller and this slurmd on loopback: a job submitted through the controller's RPC runs here. */
class RealControllerTest {
    private static final NodeHardware HARDWARE = NodeHardwareProbe.thisMachine().probe();

    @TempDir
    Path root;

    @Test
    void aSubmittedJobRunsOnTheNodeAndEndsCompleted() throws Exception {
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
                NodeName=itn1 NodeAddr=127.0.0.1 CPUs=1 RealMemory=100
                PartitionName=debug Nodes=itn1 Default=YES MaxTime=10 State=UP
                """.formatted(controllerPort, TestCluster.freePort(), root.resolve("state"),
                root.resolve("spool/%n"), root.resolve("run/slurmd-%n.pid")));
        try (TestAccount user = TestAccount.create();
             Controller controller = Controller.start(ClusterConfig.load(conf), key, InstantSource.system(),
                     new Controller.Options(new InetSocketAddress(InetAddress.getLoopbackAddress(), controllerPort),
                             0, 0, name -> Set.of("users"), Duration.ofMillis(200), true));
             Slurmd slurmd = Slurmd.start(new DaemonCommand(() -> HARDWARE, () -> new GpuDetection.NoLibrary("none"),
                     new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8))
                     .setup(SlurmdOptions.parse(List.of("-N", "itn1", "-f", conf.toString()), Optional.empty())))) {
            Path workDir = user.ownDirectory(root, "work");
            SlurmCredentialSigner signer = new SlurmCredentialSigner(key, InstantSource.system());
            try (RpcClient<ClientMessage> client = RpcClient.connect(EnvelopeType.CLIENT, controller.address(),
                    Duration.ofSeconds(10), signer.sourceFor(user.uid, user.gid, "login1"))) {
                SubmitBatchJobResponse submitted = client.call(SubmitBatchJobRequest.newBuilder()
                        .setJob(JobDescription.newBuilder().setName("it").setUid(user.uid).setGid(user.gid)
                                .setUserName(user.name).setWorkDir(workDir.toString())
                                .setScript(com.google.protobuf.ByteString.copyFromUtf8(
                                        "#!/bin/bash\necho \"ran $SLURM_JOB_ID on $SLURMD_NODENAME as $(id -un)\"\n"))
                                .putEnvironment("PATH", "/usr/bin:/bin"))
                        .build(), SubmitBatchJobResponse.class);
                int jobId = submitted.getJobId();

                JobRecord record = awaitEnd(client, jobId);

                assertThat(record.getState()).isEqualTo(JobState.JOB_COMPLETED);
                assertThat(Files.readString(workDir.resolve("slurm-" + jobId + ".out")))
                        .isEqualTo("ran " + jobId + " on itn1 as " + user.name + "\n");
            }
        }
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
