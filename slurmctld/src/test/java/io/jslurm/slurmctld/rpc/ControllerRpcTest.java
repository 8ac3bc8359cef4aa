package io.jslurm.slurmctld.rpc;

import static io.jslurm.slurmctld.ControllerFixture.ALICE;
import static io.jslurm.slurmctld.ControllerFixture.BOB;
import static io.jslurm.slurmctld.ControllerFixture.job;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.auth.SlurmCredentialSigner;
import io.jslurm.protocol.auth.SlurmKey;
import io.jslurm.protocol.client.RpcClient;
import io.jslurm.protocol.proto.CancelJobRequest;
import io.jslurm.protocol.proto.CancelJobResponse;
import io.jslurm.protocol.proto.ClientMessage;
import io.jslurm.protocol.proto.Credential;
import io.jslurm.protocol.proto.JobControlRequest;
import io.jslurm.protocol.proto.JobControlResponse;
import io.jslurm.protocol.proto.JobInfoRequest;
import io.jslurm.protocol.proto.JobInfoResponse;
import io.jslurm.protocol.proto.JobRecord;
import io.jslurm.protocol.proto.JobState;
import io.jslurm.protocol.proto.JobTarget;
import io.jslurm.protocol.proto.NodeHardware;
import io.jslurm.protocol.proto.NodeRegistration;
import io.jslurm.protocol.proto.PartitionInfoRequest;
import io.jslurm.protocol.proto.PartitionInfoResponse;
import io.jslurm.protocol.proto.Ping;
import io.jslurm.protocol.proto.Pong;
import io.jslurm.protocol.proto.ReconfigureRequest;
import io.jslurm.protocol.proto.SubmitBatchJobRequest;
import io.jslurm.protocol.proto.SubmitBatchJobResponse;
import io.jslurm.protocol.proto.UpdateJobRequest;
import io.jslurm.protocol.proto.UpdateJobResponse;
import io.jslurm.protocol.wire.EnvelopeType;
import io.jslurm.slurmctld.ControllerFixture;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The controller's RPCs through the real server on loopback, with clients signed for different users. */
class ControllerRpcTest {

    @TempDir
    Path dir;
    ControllerFixture cluster;

    @BeforeEach
    void start() throws Exception {
        cluster = new ControllerFixture(dir);
    }

    @AfterEach
    void stop() throws Exception {
        cluster.close();
    }

    private long submit(long uid, String user, io.jslurm.protocol.proto.JobDescription.Builder job) throws Exception {
        return cluster.client(uid).call(SubmitBatchJobRequest.newBuilder().setJob(job).build(),
                SubmitBatchJobResponse.class).getJobId();
    }

    private static CancelJobRequest cancel(long jobId) {
        return CancelJobRequest.newBuilder().addTargets(JobTarget.newBuilder().setJobId((int) jobId)).build();
    }

    @Test
    void submitQueryCancel() throws Exception {
        RpcClient<ClientMessage> alice = cluster.client(ALICE);
        assertThat(alice.call(Ping.getDefaultInstance(), Pong.class).getServerTimeMs())
                .isEqualTo(cluster.clock.millis());
        long first = submit(ALICE, "alice", job(ALICE, "alice").setScriptPath("/home/alice/train.sh"));
        long second = submit(ALICE, "alice", job(ALICE, "alice").setName("eval"));
        assertThat(second).isEqualTo(first + 1);

        JobInfoResponse all = alice.call(JobInfoRequest.getDefaultInstance(), JobInfoResponse.class);
        assertThat(all.getJobsList()).extracting(JobRecord::getJobId).containsExactly((int) first, (int) second);
        JobRecord record = cluster.job(first);
        assertThat(record.getState()).isEqualTo(JobState.JOB_PENDING);
        assertThat(record.getUserName()).isEqualTo("alice");
        assertThat(record.getCommand()).as("the script's path, as Slurm's Command=").isEqualTo("/home/alice/train.sh");
        assertThat(cluster.job(second).getCommand()).as("no script file (--wrap)").isEmpty();
        assertThat(record.getSubmitTime()).isEqualTo(cluster.clock.instant().getEpochSecond());

        CancelJobResponse cancelled = alice.call(cancel(first), CancelJobResponse.class);
        assertThat(cancelled.getResults(0).getErrorCode()).isZero();
        assertThat(cluster.job(first).getState()).isEqualTo(JobState.JOB_CANCELLED);
        assertThat(cluster.job(second).getState()).isEqualTo(JobState.JOB_PENDING);

        CancelJobResponse again = alice.call(cancel(first), CancelJobResponse.class);
        assertThat(again.getResults(0).getErrorMessage()).isEqualTo("Job/step already completing or completed");
        CancelJobResponse unknown = alice.call(cancel(99_999), CancelJobResponse.class);
        assertThat(unknown.getResults(0).getErrorMessage()).isEqualTo("Invalid job id specified");
    }

    @Test
    void aUserCannotCancelAnotherUsersJobButRootCan() throws Exception {
        long jobId = submit(ALICE, "alice", job(ALICE, "alice"));
        CancelJobResponse byBob = cluster.client(BOB).call(cancel(jobId), CancelJobResponse.class);
        assertThat(byBob.getResults(0).getErrorCode()).isEqualTo(2002);
        assertThat(byBob.getResults(0).getErrorMessage()).isEqualTo("Access/permission denied");
        assertThat(cluster.job(jobId).getState()).isEqualTo(JobState.JOB_PENDING);

        JobControlResponse hold = cluster.client(BOB).call(JobControlRequest.newBuilder()
                .addTargets(JobTarget.newBuilder().setJobId((int) jobId)).setAction(JobControlRequest.Action.HOLD)
                .build(), JobControlResponse.class);
        assertThat(hold.getResults(0).getErrorCode()).isEqualTo(2002);

        CancelJobResponse byRoot = cluster.client(0).call(cancel(jobId), CancelJobResponse.class);
        assertThat(byRoot.getResults(0).getErrorCode()).isZero();
        assertThat(cluster.job(jobId).getState()).isEqualTo(JobState.JOB_CANCELLED);
    }

    @Test
    void aUserCannotSubmitAsSomeoneElse() throws Exception {
        assertThatThrownBy(() -> submit(BOB, "bob", job(ALICE, "alice")))
                .isInstanceOf(RpcException.class).hasMessageStartingWith("Access/permission denied");
    }

    @Test
    void forgedAndUnsignedRequestsAreRefused() throws Exception {
        SlurmKey otherKey = SlurmKey.of("some-other-cluster-key-0123456789abcdef".getBytes(StandardCharsets.UTF_8));
        SlurmCredentialSigner forger = new SlurmCredentialSigner(otherKey, cluster.clock);
        try (RpcClient<ClientMessage> forged = RpcClient.connect(EnvelopeType.CLIENT, cluster.controller.address(),
                ControllerFixture.TIMEOUT, forger.sourceFor(0, 0, "login1"))) {
            assertThatThrownBy(() -> forged.call(cancel(1)))
                    .isInstanceOfSatisfying(RpcException.class, e -> assertThat(e.errorCode()).isEqualTo(6000));
        }
        try (RpcClient<ClientMessage> unsigned = RpcClient.connect(EnvelopeType.CLIENT, cluster.controller.address(),
                ControllerFixture.TIMEOUT, Credential::getDefaultInstance)) {
            assertThatThrownBy(() -> unsigned.call(Ping.getDefaultInstance()))
                    .isInstanceOfSatisfying(RpcException.class, e -> assertThat(e.errorCode()).isEqualTo(1007));
        }
    }

    @Test
    void requestsThatCanNeverRunAreRefusedWithSlurmsErrors() {
        assertThatThrownBy(() -> submit(ALICE, "alice", job(ALICE, "alice").setPartition("nosuch")))
                .isInstanceOfSatisfying(RpcException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo(2000);
                    assertThat(e.getMessage()).startsWith("Invalid partition name specified");
                });
        assertThatThrownBy(() -> submit(ALICE, "alice", job(ALICE, "alice").setCpusPerTask(64)))
                .isInstanceOfSatisfying(RpcException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo(2014);
                    assertThat(e.getMessage()).isEqualTo("Requested node configuration is not available");
                });
        assertThatThrownBy(() -> submit(ALICE, "alice", job(ALICE, "alice").setGpusPerNode("a100:4")))
                .hasMessage("Requested node configuration is not available");
        assertThatThrownBy(() -> submit(ALICE, "alice", job(ALICE, "alice").setTimeLimitMinutes(120)))
                .isInstanceOfSatisfying(RpcException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo(2051);
                    assertThat(e.getMessage()).startsWith(
                            "Requested time limit is invalid (missing or exceeds some limit)");
                });
        assertThatThrownBy(() -> submit(ALICE, "alice", job(ALICE, "alice").setMinNodes(3)))
                .isInstanceOfSatisfying(RpcException.class, e -> assertThat(e.errorCode()).isEqualTo(2006));
        assertThatThrownBy(() -> submit(ALICE, "alice", job(ALICE, "alice").setPartition("admin")))
                .isInstanceOfSatisfying(RpcException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo(2003);
                    assertThat(e.getMessage()).startsWith("User's group not permitted to use this partition");
                });
        assertThatThrownBy(() -> submit(ALICE, "alice", job(ALICE, "alice").setDependency("afterok:4242")))
                .isInstanceOfSatisfying(RpcException.class, e -> assertThat(e.errorCode()).isEqualTo(2038));
        assertThatThrownBy(() -> submit(ALICE, "alice", job(ALICE, "alice").setArray("0-5000")))
                .isInstanceOfSatisfying(RpcException.class, e -> assertThat(e.errorCode()).isEqualTo(2081));
        assertThatThrownBy(() -> submit(ALICE, "alice", job(ALICE, "alice").setScript(ByteString.EMPTY)))
                .isInstanceOfSatisfying(RpcException.class, e -> assertThat(e.errorCode()).isEqualTo(2009));
    }

    @Test
    void arraysAreSubmittedAsOneRecordPerTaskAndCancelledByTask() throws Exception {
        SubmitBatchJobResponse response = cluster.client(ALICE).call(SubmitBatchJobRequest.newBuilder()
                .setJob(job(ALICE, "alice").setArray("0-3%2")).build(), SubmitBatchJobResponse.class);
        assertThat(response.getArray().getTaskCount()).isEqualTo(4);
        assertThat(response.getArray().getTaskIds()).isEqualTo("0-3%2");
        long arrayJobId = response.getJobId();
        JobInfoResponse tasks = cluster.client(ALICE).call(JobInfoRequest.newBuilder().addJobIds((int) arrayJobId)
                .build(), JobInfoResponse.class);
        assertThat(tasks.getJobsList()).extracting(JobRecord::getArrayTaskId).containsExactly(0, 1, 2, 3);
        assertThat(tasks.getJobsList()).allMatch(t -> t.getArrayJobId() == arrayJobId);

        CancelJobResponse cancelled = cluster.client(ALICE).call(CancelJobRequest.newBuilder()
                .addTargets(JobTarget.newBuilder().setJobId((int) arrayJobId).setArrayTasks("1-2")).build(),
                CancelJobResponse.class);
        assertThat(cancelled.getResultsList()).hasSize(2).allMatch(r -> r.getErrorCode() == 0);
        JobInfoResponse after = cluster.client(ALICE).call(JobInfoRequest.newBuilder().addJobIds((int) arrayJobId)
                .build(), JobInfoResponse.class);
        assertThat(after.getJobsList()).extracting(JobRecord::getState).containsExactly(JobState.JOB_PENDING,
                JobState.JOB_CANCELLED, JobState.JOB_CANCELLED, JobState.JOB_PENDING);
    }

    @Test
    void holdReleaseAndUpdate() throws Exception {
        long jobId = submit(ALICE, "alice", job(ALICE, "alice").setTimeLimitMinutes(30));
        RpcClient<ClientMessage> alice = cluster.client(ALICE);
        JobTarget target = JobTarget.newBuilder().setJobId((int) jobId).build();
        alice.call(JobControlRequest.newBuilder().addTargets(target).setAction(JobControlRequest.Action.USER_HOLD).build());
        assertThat(cluster.job(jobId).getStateReason()).isEqualTo("JobHeldUser");
        assertThat(cluster.job(jobId).getPriority()).isZero();
        alice.call(JobControlRequest.newBuilder().addTargets(target).setAction(JobControlRequest.Action.RELEASE).build());
        assertThat(cluster.job(jobId).getStateReason()).isNotEqualTo("JobHeldUser");

        cluster.client(0).call(JobControlRequest.newBuilder().addTargets(target).setAction(JobControlRequest.Action.HOLD)
                .build());
        assertThat(cluster.job(jobId).getStateReason()).isEqualTo("JobHeldAdmin");
        JobControlResponse userRelease = alice.call(JobControlRequest.newBuilder().addTargets(target)
                .setAction(JobControlRequest.Action.RELEASE).build(), JobControlResponse.class);
        assertThat(userRelease.getResults(0).getErrorCode()).isEqualTo(2002);

        UpdateJobResponse longer = alice.call(UpdateJobRequest.newBuilder().addTargets(target)
                .setTimeLimitMinutes(45).build(), UpdateJobResponse.class);
        assertThat(longer.getResults(0).getErrorCode()).as("users may only shorten").isEqualTo(2002);
        UpdateJobResponse shorter = alice.call(UpdateJobRequest.newBuilder().addTargets(target)
                .setTimeLimitMinutes(20).setComment("smaller").build(), UpdateJobResponse.class);
        assertThat(shorter.getResults(0).getErrorCode()).isZero();
        JobRecord updated = cluster.client(0).call(JobInfoRequest.newBuilder().addJobIds((int) jobId)
                .setIncludeRequest(true).build(), JobInfoResponse.class).getJobs(0);
        assertThat(updated.getRequest().getTimeLimitMinutes()).isEqualTo(20);
    }

    @Test
    void onlyDaemonCredentialsMayRegisterNodes() throws Exception {
        NodeRegistration registration = NodeRegistration.newBuilder().setNodeName("gpu01")
                .setHardware(NodeHardware.newBuilder().setCpus(8).setSockets(1).setCoresPerSocket(8)
                        .setThreadsPerCore(1).setRealMemoryMb(16000)).build();
        try (var asAlice = RpcClient.connect(EnvelopeType.NODE, cluster.controller.address(),
                ControllerFixture.TIMEOUT, cluster.signer.sourceFor(ALICE, 100, "gpu01"))) {
            assertThatThrownBy(() -> asAlice.call(registration))
                    .isInstanceOfSatisfying(RpcException.class, e -> assertThat(e.errorCode()).isEqualTo(2002));
        }
        cluster.slurmd().call(registration);
        assertThat(cluster.controller.nodes().get("gpu01").orElseThrow().registration()).isPresent();
    }

    @Test
    void onlyDaemonCredentialsMayReportAJobsEnd() throws Exception {
        long jobId = submit(ALICE, "alice", job(ALICE, "alice"));
        io.jslurm.protocol.proto.JobComplete done = io.jslurm.protocol.proto.JobComplete.newBuilder()
                .setJobId((int) jobId).setNodeName("gpu01").setExitCode(0).build();
        try (var asAlice = RpcClient.connect(EnvelopeType.NODE, cluster.controller.address(),
                ControllerFixture.TIMEOUT, cluster.signer.sourceFor(ALICE, 100, "gpu01"))) {
            assertThatThrownBy(() -> asAlice.call(done))
                    .isInstanceOfSatisfying(RpcException.class, e -> assertThat(e.errorCode()).isEqualTo(2002));
        }
        assertThat(cluster.job(jobId).getState()).isEqualTo(JobState.JOB_PENDING);
    }

    @Test
    void partitionInfoAndAdminOnlyReconfigure() throws Exception {
        PartitionInfoResponse partitions = cluster.client(ALICE).call(PartitionInfoRequest.getDefaultInstance(),
                PartitionInfoResponse.class);
        assertThat(partitions.getPartitionsList()).extracting(p -> p.getName()).containsExactly("batch", "admin");
        var batch = partitions.getPartitions(0);
        assertThat(batch.getIsDefault()).isTrue();
        assertThat(batch.getNodes()).isEqualTo("gpu[01-02]");
        assertThat(batch.getMaxTimeMinutes()).isEqualTo(60);
        assertThat(batch.getTotalCpus()).isEqualTo(16);
        assertThat(batch.getState()).isEqualTo(io.jslurm.protocol.proto.PartitionState.PARTITION_UP);
        assertThat(batch.getAllowGroups()).isEqualTo("ALL");
        assertThat(partitions.getPartitions(1).getAllowGroups()).isEqualTo("wheel");

        assertThatThrownBy(() -> cluster.client(ALICE).call(ReconfigureRequest.getDefaultInstance()))
                .isInstanceOfSatisfying(RpcException.class, e -> assertThat(e.errorCode()).isEqualTo(2002));
        Path conf = dir.resolve("slurm.conf");
        String good = Files.readString(conf);
        Files.writeString(conf, good + "PartitionName=broken Nodes=nosuch\n");
        assertThatThrownBy(() -> cluster.client(0).call(ReconfigureRequest.getDefaultInstance()))
                .hasMessageContaining("slurm.conf:");
        assertThat(cluster.controller.config().partition("batch")).isPresent();
        Files.writeString(conf, good + "PartitionName=debug Nodes=gpu02 MaxTime=5\n");
        cluster.client(0).call(ReconfigureRequest.getDefaultInstance());
        assertThat(cluster.client(ALICE).call(PartitionInfoRequest.getDefaultInstance(), PartitionInfoResponse.class)
                .getPartitionsList()).extracting(p -> p.getName()).containsExactly("batch", "admin", "debug");
    }

    @Test
    void cancelByFilterTouchesOnlyWhatTheCallerMayCancel() throws Exception {
        long alicesTrain = submit(ALICE, "alice", job(ALICE, "alice"));
        long alicesEval = submit(ALICE, "alice", job(ALICE, "alice").setName("eval"));
        long bobs = submit(BOB, "bob", job(BOB, "bob"));

        CancelJobResponse bobOnAlice = cluster.client(BOB).call(CancelJobRequest.newBuilder().addUserNames("alice")
                .build(), CancelJobResponse.class);
        assertThat(bobOnAlice.getResultsList()).hasSize(2).allMatch(r -> r.getErrorCode() == 2002);

        CancelJobResponse byName = cluster.client(ALICE).call(CancelJobRequest.newBuilder().addUserNames("alice")
                .addNames("eval").build(), CancelJobResponse.class);
        assertThat(byName.getResultsList()).extracting(r -> (long) r.getTarget().getJobId())
                .containsExactly(alicesEval);
        assertThat(cluster.job(alicesEval).getState()).isEqualTo(JobState.JOB_CANCELLED);
        assertThat(cluster.job(alicesTrain).getState()).isEqualTo(JobState.JOB_PENDING);
        assertThat(cluster.job(bobs).getState()).isEqualTo(JobState.JOB_PENDING);
    }

    /** Submissions are checked against the empty cluster once per shape, and again after the cluster changes. */
    @Test
    void aShapeRefusedOnceIsRefusedAgainUntilNodesGrowThenAccepted() throws Exception {
        for (int i = 0; i < 3; i++) {
            assertThatThrownBy(() -> cluster.submit(ALICE, job(ALICE, "alice").setCpusPerTask(12)))
                    .isInstanceOfSatisfying(RpcException.class, e -> {
                        assertThat(e.errorCode()).isEqualTo(2014);
                        assertThat(e.getMessage()).isEqualTo("Requested node configuration is not available");
                    });
        }
        long small = cluster.submit(ALICE, job(ALICE, "alice").setCpusPerTask(4));
        assertThat(cluster.submit(ALICE, job(ALICE, "alice").setCpusPerTask(4))).isEqualTo(small + 1);

        // The same nodes with 16 cores each: the shape refused above now fits.
        Path conf = dir.resolve("slurm.conf");
        Files.writeString(conf, Files.readString(conf).replace("CPUs=8 Sockets=1 CoresPerSocket=8",
                "CPUs=16 Sockets=1 CoresPerSocket=16"));
        cluster.client(0).call(ReconfigureRequest.getDefaultInstance());
        assertThat(cluster.submit(ALICE, job(ALICE, "alice").setCpusPerTask(12))).isEqualTo(small + 2);
        assertThatThrownBy(() -> cluster.submit(ALICE, job(ALICE, "alice").setCpusPerTask(20)))
                .isInstanceOfSatisfying(RpcException.class, e -> assertThat(e.errorCode()).isEqualTo(2014));
    }

    @Test
    void requiredNodesOutsideThePartitionAreNamedEveryTime() throws Exception {
        Path conf = dir.resolve("slurm.conf");
        Files.writeString(conf, Files.readString(conf) + "PartitionName=one Nodes=gpu01 MaxTime=10\n");
        cluster.client(0).call(ReconfigureRequest.getDefaultInstance());
        for (int i = 0; i < 2; i++) {
            assertThatThrownBy(() -> cluster.submit(ALICE, job(ALICE, "alice").setPartition("one")
                    .setNodelist("gpu02")))
                    .isInstanceOfSatisfying(RpcException.class, e -> assertThat(e.errorCode()).isEqualTo(2004));
        }
    }
}
