package io.jslurm.slurmctld;

import com.google.protobuf.ByteString;
import io.jslurm.protocol.auth.SlurmCredentialSigner;
import io.jslurm.protocol.auth.SlurmKey;
import io.jslurm.protocol.client.RpcClient;
import io.jslurm.protocol.proto.ClientMessage;
import io.jslurm.protocol.proto.Gpu;
import io.jslurm.protocol.proto.JobDescription;
import io.jslurm.protocol.proto.JobInfoRequest;
import io.jslurm.protocol.proto.JobInfoResponse;
import io.jslurm.protocol.proto.JobRecord;
import io.jslurm.protocol.proto.NodeHardware;
import io.jslurm.protocol.proto.NodeMessage;
import io.jslurm.protocol.proto.NodeRegistration;
import io.jslurm.protocol.wire.EnvelopeType;
import io.jslurm.slurmctld.config.ClusterConfig;
import io.jslurm.slurmctld.rpc.UserGroups;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A controller on loopback with a slurm.conf written for the test, a cluster key, a manual clock, and signed
 * clients for any uid. The scheduling loop runs only when the test asks.
 */
public final class ControllerFixture implements AutoCloseable {

    public static final long ALICE = 1001;
    public static final long BOB = 1002;
    public static final long USERS_GID = 100;
    public static final Duration TIMEOUT = Duration.ofSeconds(10);
    public static final String BASE_CONF = """
            ClusterName=test
            SlurmctldHost=localhost
            AuthType=auth/slurm
            GresTypes=gpu
            SlurmdTimeout=60
            ReturnToService=1
            EnforcePartLimits=ALL
            MaxArraySize=1001
            StateSaveLocation=%s
            NodeName=DEFAULT NodeAddr=127.0.0.1 CPUs=8 Sockets=1 CoresPerSocket=8 ThreadsPerCore=1 RealMemory=16000 Gres=gpu:a100:2
            NodeName=gpu01
            NodeName=gpu02
            PartitionName=batch Nodes=ALL Default=YES MaxTime=60 MaxNodes=2 State=UP
            PartitionName=admin Nodes=gpu01 MaxTime=10 AllowGroups=wheel State=UP
            """;

    public final Path dir;
    public final ManualClock clock = new ManualClock(Instant.parse("2026-11-30T12:00:00Z"));
    public final SlurmKey key = SlurmKey.of("controller-test-key-0123456789abcdef0123".getBytes(StandardCharsets.UTF_8));
    public final SlurmCredentialSigner signer = new SlurmCredentialSigner(key, clock);
    public final Controller controller;
    /** Where the nodes' slurmd listen: every node registers with this peer's port. */
    public final SlurmdPeer slurmdPeer;
    private final List<AutoCloseable> open = new ArrayList<>();

    public ControllerFixture(Path dir, String extraConf) throws Exception {
        this.dir = dir;
        Path conf = dir.resolve("slurm.conf");
        Files.writeString(conf, BASE_CONF.formatted(dir.resolve("state")) + extraConf);
        Files.createDirectories(dir.resolve("state"));
        UserGroups groups = user -> user.equals("root") ? Set.of("root", "wheel") : Set.of("users");
        controller = Controller.start(ClusterConfig.load(conf), key, clock, new Controller.Options(
                new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0, 0, groups, Duration.ofSeconds(1),
                false));
        slurmdPeer = new SlurmdPeer(key, clock);
    }

    /** What slurmd on a configured node says when it starts: 8 cores, two a100 GPUs, this much memory. */
    public NodeRegistration registration(String node, long memoryMb) {
        return NodeRegistration.newBuilder().setNodeName(node).setSlurmdPort(slurmdPeer.port())
                .setHardware(NodeHardware.newBuilder().setCpus(8).setSockets(1).setCoresPerSocket(8)
                        .setThreadsPerCore(1).setRealMemoryMb(memoryMb))
                .addGpus(Gpu.newBuilder().setIndex(0).setType("a100"))
                .addGpus(Gpu.newBuilder().setIndex(1).setType("a100")).build();
    }

    public void register(String node, long memoryMb) throws Exception {
        slurmd().call(registration(node, memoryMb));
    }

    public ControllerFixture(Path dir) throws Exception {
        this(dir, "");
    }

    public RpcClient<ClientMessage> client(long uid) throws IOException {
        RpcClient<ClientMessage> client = RpcClient.connect(EnvelopeType.CLIENT, controller.address(), TIMEOUT,
                signer.sourceFor(uid, uid == 0 ? 0 : USERS_GID, "login1"));
        open.add(client);
        return client;
    }

    /** A node daemon's connection: root's credential on the node envelope. */
    public RpcClient<NodeMessage> slurmd() throws IOException {
        RpcClient<NodeMessage> client = RpcClient.connect(EnvelopeType.NODE, controller.address(), TIMEOUT,
                signer.sourceFor(0, 0, "gpu01"));
        open.add(client);
        return client;
    }

    public static JobDescription.Builder job(long uid, String user) {
        return JobDescription.newBuilder().setName("train").setUid((int) uid).setGid((int) USERS_GID)
                .setUserName(user).setScript(ByteString.copyFromUtf8("#!/bin/bash\nsrun python train.py\n"))
                .setWorkDir("/home/" + user).setStdOut("slurm-%j.out").addEnvironment(io.jslurm.protocol.proto.EnvironmentVariable.newBuilder().setName("PATH")
                        .setValue("/usr/bin"));
    }

    /** sbatch as {@code uid}: the job id the controller acknowledged. */
    public long submit(long uid, JobDescription.Builder job) throws Exception {
        return client(uid).call(io.jslurm.protocol.proto.SubmitBatchJobRequest.newBuilder().setJob(job).build(),
                io.jslurm.protocol.proto.SubmitBatchJobResponse.class).getJobId();
    }

    /** sbatch as alice of a job that needs all 8 cores of a test node (and 4000 MB), 30 minutes. */
    public long submitWholeNode(String partition, boolean oversubscribe) throws Exception {
        return submit(ALICE, job(ALICE, "alice").setPartition(partition).setNtasks(8).setMemPerNodeMb(4000)
                .setTimeLimitMinutes(30).setOversubscribe(oversubscribe));
    }

    public JobRecord job(long jobId) throws Exception {
        JobInfoResponse info = client(0).call(JobInfoRequest.newBuilder().addJobIds((int) jobId).build(),
                JobInfoResponse.class);
        return info.getJobsList().stream().filter(j -> j.getJobId() == jobId).findFirst().orElseThrow();
    }

    @Override
    public void close() throws Exception {
        for (AutoCloseable c : open) {
            c.close();
        }
        slurmdPeer.close();
        controller.close();
    }
}
