package io.jslurm.slurmctld.accounting;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.common.time.TimeLimit;
import io.jslurm.protocol.proto.AcctJob;
import io.jslurm.protocol.proto.DbdRecordBatch;
import io.jslurm.slurmctld.job.Allocation;
import io.jslurm.slurmctld.job.ExitCode;
import io.jslurm.slurmctld.job.GresRequest;
import io.jslurm.slurmctld.job.JobSpec;
import io.jslurm.slurmctld.job.JobState;
import io.jslurm.slurmctld.job.MemoryRequest;
import io.jslurm.slurmctld.job.PendingReason;
import io.jslurm.slurmctld.job.ResourceRequest;
import io.jslurm.slurmctld.job.StateChange;
import io.jslurm.slurmctld.state.JobStoreConfig;
import io.jslurm.slurmctld.state.JournaledJobStore;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A job's life in the controller's table reaches slurmdbd as accounting records, in order. */
class AccountedJobStoreTest {

    private static final InstantSource CLOCK = InstantSource.fixed(Instant.parse("2026-11-30T01:00:00Z"));

    @TempDir
    Path stateDir;

    /** slurmdbd's side of the connection: keeps what it is sent. */
    private final List<AcctJob> delivered = new CopyOnWriteArrayList<>();

    private final DbdConnection dbd = new DbdConnection() {
        @Override
        public void store(DbdRecordBatch batch) {
            delivered.addAll(batch.getJobsList());
        }

        @Override
        public void close() {
        }
    };

    @Test
    void submitStartAndEndAreRecordedWithResourcesAndTimes() throws Exception {
        try (AccountedJobStore store = open()) {
            JobSpec spec = JobSpec.builder("alice", 1001, 1001).name("train").account("ml").partition("gpu").qos("normal")
                    .resources(ResourceRequest.DEFAULT.withNodes(2, 2).withTasks(16, 8, 4)
                            .withMemory(MemoryRequest.perNode(65536))
                            .withGres(List.of(GresRequest.gpusPerNode("h100", 8)))
                            .withTimeLimit(Optional.of(TimeLimit.ofMinutes(240)), Optional.empty()))
                    .script("#!/bin/bash\nsrun true\n").workDir("/home/alice").build();
            long id = store.submit(spec).jobId();
            store.transition(id, StateChange.start(JobState.RUNNING,
                    new Allocation("gpu[01-02]", 2, 128, 65536, List.of(GresRequest.gpusPerNode("h100", 8)))));
            store.transition(id, StateChange.finish(JobState.FAILED, ExitCode.of(3, 0), PendingReason.NONE));

            List<AcctJob> records = awaitRecords(3);
            assertThat(records).extracting(AcctJob::getState).containsExactly("PENDING", "RUNNING", "FAILED");
            AcctJob done = records.get(2);
            assertThat(done.getJobId()).isEqualTo((int) id);
            assertThat(done.getCluster()).isEqualTo("c1");
            assertThat(done.getTresRequested()).isEqualTo("cpu=64,mem=131072M,node=2,billing=64,gres/gpu=16");
            assertThat(done.getTresAllocated()).isEqualTo("cpu=128,mem=131072M,node=2,billing=128,gres/gpu=16");
            assertThat(done.getNodeList()).isEqualTo("gpu[01-02]");
            assertThat(done.getExitCode()).isEqualTo(3);
            assertThat(done.getTimeLimitMinutes()).isEqualTo(240);
            assertThat(done.getReqMemMb()).isEqualTo(65536);
        }
    }

    @Test
    void theBillingTresFollowsThePartitionsWeights() throws Exception {
        assertThat(billedRecord("")).as("sum: 128*0.5 + 128G*0.25 + 16*4")
                .isEqualTo("cpu=128,mem=131072M,node=2,billing=160,gres/gpu=16");
        assertThat(billedRecord("PriorityFlags=MAX_TRES\n")).as("MAX_TRES: the largest of 64, 32 and 64")
                .isEqualTo("cpu=128,mem=131072M,node=2,billing=64,gres/gpu=16");
    }

    /** TresAllocated of a 2-node GPU job under TRESBillingWeights=CPU=0.5,Mem=0.25G,GRES/gpu=4 (and these lines). */
    private String billedRecord(String confLines) throws Exception {
        Path conf = stateDir.resolve("slurm-" + confLines.hashCode() + ".conf");
        java.nio.file.Files.writeString(conf, """
                ClusterName=c1
                SlurmctldHost=localhost
                %sNodeName=gpu[01-02] CPUs=64 RealMemory=100000
                PartitionName=gpu Nodes=ALL TRESBillingWeights=CPU=0.5,Mem=0.25G,GRES/gpu=4
                """.formatted(confLines));
        var slurm = io.jslurm.slurmctld.config.ClusterConfig.load(conf).slurm();
        delivered.clear();
        Path state = java.nio.file.Files.createDirectories(stateDir.resolve("state-" + confLines.hashCode()));
        try (AccountedJobStore store = new AccountedJobStore(JournaledJobStore.open(JobStoreConfig.defaults(state),
                CLOCK), AccountingStorage.start(state, dbd), "c1", CLOCK, new JobBilling(() -> slurm))) {
            long id = store.submit(JobSpec.builder("alice", 1001, 1001).partition("gpu").script("#!/bin/sh\n")
                    .build()).jobId();
            store.transition(id, StateChange.start(JobState.RUNNING,
                    new Allocation("gpu[01-02]", 2, 128, 65536, List.of(GresRequest.gpusPerNode("h100", 8)))));
            return awaitRecords(2).get(1).getTresAllocated();
        }
    }

    @Test
    void requeueOfARunningJobEndsItsRecordAsRequeuedAndStartsANewOne() throws Exception {
        try (AccountedJobStore store = open()) {
            long id = store.submit(JobSpec.builder("alice", 1001, 1001).name("sim").requeue(true).build()).jobId();
            store.transition(id, StateChange.start(JobState.RUNNING, new Allocation("n1", 1, 4, 1024, List.of())));
            store.requeue(id);
            store.transition(id, StateChange.to(JobState.PENDING));

            List<AcctJob> records = awaitRecords(4);
            assertThat(records).extracting(AcctJob::getState).containsExactly("PENDING", "RUNNING", "REQUEUED", "PENDING");
            AcctJob ended = records.get(2);
            AcctJob next = records.get(3);
            assertThat(ended.getSubmitTime()).isEqualTo(records.get(0).getSubmitTime());
            assertThat(ended.getNodeList()).isEqualTo("n1");
            assertThat(ended.getStartTime()).isEqualTo(CLOCK.instant().getEpochSecond());
            assertThat(ended.getEndTime()).isEqualTo(CLOCK.instant().getEpochSecond());
            assertThat(next.getJobId()).isEqualTo(ended.getJobId());
            assertThat(next.getSubmitTime()).isGreaterThan(ended.getSubmitTime());
            assertThat(next.getNodeList()).isEmpty();
            assertThat(next.getRestartCount()).isEqualTo(1);
        }
    }

    @Test
    void requeueOfAFinishedJobRecordsTheEndedRunAsRequeued() throws Exception {
        try (AccountedJobStore store = open()) {
            long id = store.submit(JobSpec.builder("alice", 1001, 1001).name("sim").build()).jobId();
            store.transition(id, StateChange.start(JobState.RUNNING, new Allocation("n1", 1, 4, 1024, List.of())));
            store.transition(id, StateChange.finish(JobState.COMPLETED, ExitCode.SUCCESS, PendingReason.NONE));
            store.requeue(id);

            List<AcctJob> records = awaitRecords(5);
            assertThat(records).extracting(AcctJob::getState)
                    .containsExactly("PENDING", "RUNNING", "COMPLETED", "REQUEUED", "PENDING");
            assertThat(records.get(3).getSubmitTime()).isEqualTo(records.get(2).getSubmitTime());
            assertThat(records.get(3).getNodeList()).isEqualTo("n1");
            assertThat(records.get(4).getSubmitTime()).isGreaterThan(records.get(3).getSubmitTime());
        }
    }

    private AccountedJobStore open() throws java.io.IOException {
        return new AccountedJobStore(JournaledJobStore.open(JobStoreConfig.defaults(stateDir), CLOCK),
                AccountingStorage.start(stateDir, dbd), "c1", CLOCK);
    }

    private List<AcctJob> awaitRecords(int count) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (delivered.size() < count && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        return List.copyOf(delivered);
    }
}
