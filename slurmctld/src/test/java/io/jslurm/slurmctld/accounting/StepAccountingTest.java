package io.jslurm.slurmctld.accounting;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.protocol.proto.AcctJob;
import io.jslurm.protocol.proto.AcctStep;
import io.jslurm.protocol.proto.DbdRecordBatch;
import io.jslurm.protocol.proto.ResourceUsage;
import io.jslurm.protocol.proto.StepRecord;
import io.jslurm.slurmctld.job.Allocation;
import io.jslurm.slurmctld.job.ExitCode;
import io.jslurm.slurmctld.job.Job;
import io.jslurm.slurmctld.job.JobSpec;
import io.jslurm.slurmctld.job.JobState;
import io.jslurm.slurmctld.job.PendingReason;
import io.jslurm.slurmctld.job.StateChange;
import io.jslurm.slurmctld.state.JobStoreConfig;
import io.jslurm.slurmctld.state.JournaledJobStore;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Steps reach accounting as Slurm lists them: N.batch with the job, N.0... as srun runs them; a job cancelled once
 * it ran ends 0:15 (signal 15), as does its batch step, and one cancelled while pending 0:0.
 */
class StepAccountingTest {

    @TempDir
    Path stateDir;

    private final List<AcctJob> jobs = new CopyOnWriteArrayList<>();
    private final List<AcctStep> steps = new CopyOnWriteArrayList<>();
    /** One clock reading for every record: the stamps must still grow. */
    private final InstantSource clock = InstantSource.fixed(Instant.parse("2026-11-30T01:00:00Z"));

    private final DbdConnection dbd = new DbdConnection() {
        @Override
        public void store(DbdRecordBatch batch) {
            jobs.addAll(batch.getJobsList());
            steps.addAll(batch.getStepsList());
        }

        @Override
        public void close() {
        }
    };

    private AccountedJobStore open() throws Exception {
        return new AccountedJobStore(JournaledJobStore.open(JobStoreConfig.defaults(stateDir), clock),
                AccountingStorage.start(stateDir, dbd), "c1", clock);
    }

    private static JobSpec batchJob() {
        return JobSpec.builder("alice", 1001, 1001).name("train").account("ml").partition("p").qos("normal")
                .script("#!/bin/bash\nsrun true\n").workDir("/tmp").build();
    }

    private void await(int jobRecords, int stepRecords) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while ((jobs.size() < jobRecords || steps.size() < stepRecords) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
    }

    @Test
    void batchStepStartsAndEndsWithTheJobAndTheNodesReportAddsUsage() throws Exception {
        try (AccountedJobStore store = open()) {
            long id = store.submit(batchJob()).jobId();
            store.transition(id, StateChange.start(JobState.RUNNING, new Allocation("n[1-2]", 2, 8, 1024, List.of())));
            Job ended = store.transition(id, StateChange.finish(JobState.FAILED, ExitCode.of(3, 0),
                    PendingReason.NON_ZERO_EXIT_CODE));
            store.steps().batchReported(ended, 3, 0, 1_800_000_000L, ResourceUsage.newBuilder()
                    .setUserCpuMicros(2_000_000).setSystemCpuMicros(500_000).setMaxRssKb(2048).build());
            await(3, 3);

            assertThat(steps).extracting(AcctStep::getStepId).containsOnly(StepAccounting.BATCH_STEP);
            assertThat(steps).extracting(AcctStep::getState).containsExactly("RUNNING", "FAILED", "FAILED");
            assertThat(steps).extracting(AcctStep::getRecordTimeMs).isSorted().doesNotHaveDuplicates();
            AcctStep last = steps.get(2);
            assertThat(last.getName()).isEqualTo("batch");
            assertThat(last.getNodeList()).isEqualTo("n1");
            assertThat(last.getTresAllocated()).isEqualTo("cpu=4,mem=1024M,node=1");
            assertThat(last.getExitCode()).isEqualTo(3);
            assertThat(last.getUserCpuMicros()).isEqualTo(2_000_000);
            assertThat(last.getMaxRssBytes()).isEqualTo(2048 * 1024);
            assertThat(last.getAveRssBytes()).isEqualTo(2048 * 1024);
            assertThat(last.getJobSubmitTime()).isEqualTo(jobs.get(0).getSubmitTime());
        }
    }

    @Test
    void underPrologFlagsContainEveryJobHasAnExternStepOnAllItsNodes() throws Exception {
        try (AccountedJobStore store = new AccountedJobStore(JournaledJobStore.open(JobStoreConfig.defaults(stateDir),
                clock), AccountingStorage.start(stateDir, dbd), "c1", clock, null, () -> true)) {
            long id = store.submit(batchJob()).jobId();
            store.transition(id, StateChange.start(JobState.RUNNING, new Allocation("n[1-2]", 2, 8, 1024, List.of())));
            store.cancel(id, 0);
            await(3, 4);

            List<AcctStep> extern = steps.stream().filter(s -> s.getStepId() == StepAccounting.EXTERN_STEP).toList();
            assertThat(extern).extracting(AcctStep::getState).containsExactly("RUNNING", "COMPLETED");
            AcctStep ended = extern.get(1);
            assertThat(ended.getName()).isEqualTo("extern");
            assertThat(ended.getNodeList()).isEqualTo("n[1-2]");
            assertThat(ended.getNodes()).isEqualTo(2);
            assertThat(ended.getTasks()).isEqualTo(2);
            assertThat(ended.getTresAllocated()).isEqualTo("cpu=8,mem=2048M,node=2");
            assertThat(ended.getExitCode() + ":" + ended.getExitSignal()).isEqualTo("0:0");
            assertThat(ended.getEndTime()).isEqualTo(jobs.get(2).getEndTime());
        }
    }

    @Test
    void withoutContainThereIsNoExternStep() throws Exception {
        try (AccountedJobStore store = open()) {
            long id = store.submit(batchJob()).jobId();
            store.transition(id, StateChange.start(JobState.RUNNING, new Allocation("n1", 1, 2, 0, List.of())));
            store.transition(id, StateChange.finish(JobState.COMPLETED, ExitCode.SUCCESS, PendingReason.NONE));
            await(3, 2);
            Thread.sleep(200);
            assertThat(steps).extracting(AcctStep::getStepId).containsOnly(StepAccounting.BATCH_STEP);
        }
    }

    @Test
    void cancellingRecordsWhoCancelledAndEndsTheBatchStepCancelled() throws Exception {
        try (AccountedJobStore store = open()) {
            long id = store.submit(batchJob()).jobId();
            store.transition(id, StateChange.start(JobState.RUNNING, new Allocation("n1", 1, 2, 0, List.of())));
            store.cancel(id, 0);
            await(3, 2);

            assertThat(jobs.get(2).getState()).isEqualTo("CANCELLED");
            assertThat(jobs.get(2).hasCancelledBy()).isTrue();
            assertThat(jobs.get(2).getCancelledBy()).isZero();
            assertThat(steps.get(1).getState()).isEqualTo("CANCELLED");
            assertThat(steps.get(1).getExitSignal()).isEqualTo(15);
        }
    }

    @Test
    void srunStepsAreRecordedAtStartAndEnd() throws Exception {
        try (AccountedJobStore store = open()) {
            Job job = store.submit(batchJob());
            StepRecord running = StepRecord.newBuilder().setJobId((int) job.jobId()).setStepId(1).setName("hostname")
                    .setNodeList("n[1-2]").setNtasks(4).setCpus(8).setStartTime(1_800_000_000L).setState("RUNNING")
                    .build();
            store.steps().stepStarted(job, running);
            store.steps().stepEnded(job, running.toBuilder().setState("FAILED").setExitCode(2).build());
            await(1, 2);

            assertThat(steps).extracting(AcctStep::getStepId).containsExactly(1, 1);
            assertThat(steps).extracting(AcctStep::getState).containsExactly("RUNNING", "FAILED");
            assertThat(steps.get(0).getEndTime()).isZero();
            assertThat(steps.get(1).getEndTime()).isEqualTo(clock.instant().getEpochSecond());
            assertThat(steps.get(1).getNodes()).isEqualTo(2);
            assertThat(steps.get(1).getTasks()).isEqualTo(4);
            assertThat(steps.get(1).getTresAllocated()).isEqualTo("cpu=8,node=2");
            assertThat(steps.get(1).getExitCode()).isEqualTo(2);
        }
    }

    @Test
    void aRunningJobCancelledEndsWithSignal15AndSoDoesItsBatchStepWhateverKilledTheScript() throws Exception {
        try (AccountedJobStore store = open()) {
            long id = store.submit(sleeper()).jobId();
            store.transition(id, StateChange.start(JobState.RUNNING, new Allocation("n1", 1, 2, 0, List.of())));
            Job cancelled = store.cancel(id, 0);
            // slurmd then reports the script killed by SIGKILL after KillWait.
            store.steps().batchReported(cancelled, 0, 9, 0, ResourceUsage.getDefaultInstance());
            await(3, 3);

            assertThat(cancelled.status().exitCode()).hasToString("0:15");
            AcctJob record = jobs.get(jobs.size() - 1);
            assertThat(record.getState()).isEqualTo("CANCELLED");
            assertThat(record.getExitCode()).isZero();
            assertThat(record.getExitSignal()).isEqualTo(15);
            assertThat(steps).extracting(AcctStep::getExitSignal).containsExactly(0, 15, 15);
            assertThat(steps).extracting(AcctStep::getExitCode).containsOnly(0);
        }
    }

    @Test
    void aPendingJobCancelledKeepsExitCodeZero() throws Exception {
        try (AccountedJobStore store = open()) {
            long id = store.submit(sleeper()).jobId();
            Job cancelled = store.cancel(id, 0);
            await(2, 0);

            assertThat(cancelled.status().exitCode()).hasToString("0:0");
            AcctJob record = jobs.get(jobs.size() - 1);
            assertThat(record.getState()).isEqualTo("CANCELLED");
            assertThat(record.getExitSignal()).isZero();
            assertThat(steps).isEmpty();
        }
    }

    private static JobSpec sleeper() {
        return batchJob().toBuilder().name("sleeper").script("#!/bin/bash\nsleep 600\n").build();
    }

    @Test
    void srunStepsCarryTheirNodesUsageAndKeepTheirEndTimeWhenRecordedAgain() throws Exception {
        try (AccountedJobStore store = open()) {
            Job job = store.submit(batchJob());
            StepRecord ended = StepRecord.newBuilder().setJobId((int) job.jobId()).setStepId(0).setName("burn")
                    .setNodeList("n[1-2]").setNtasks(2).setCpus(2).setStartTime(1_800_000_000L)
                    .setEndTime(1_800_000_005L).setState("COMPLETED").build();
            StepUsage first = StepUsage.NONE.with("n1", ResourceUsage.newBuilder().setUserCpuMicros(1_500_000)
                    .setSystemCpuMicros(100_000).setMaxRssKb(100 * 1024).setMaxDiskWriteBytes(4096).build());
            store.steps().stepEnded(job, ended, first);
            store.steps().stepEnded(job, ended, first.with("n2", ResourceUsage.newBuilder()
                    .setUserCpuMicros(500_000).setMaxRssKb(20 * 1024).setMaxDiskWriteBytes(1024).build()));
            await(1, 2);

            AcctStep once = steps.get(0);
            assertThat(once.getUserCpuMicros()).isEqualTo(1_500_000);
            assertThat(once.getAveRssBytes()).as("one node's peak over two tasks").isEqualTo(50L * 1024 * 1024);
            AcctStep both = steps.get(1);
            assertThat(both.getRecordTimeMs()).isGreaterThan(once.getRecordTimeMs());
            assertThat(both.getEndTime()).as("the end srun reported").isEqualTo(1_800_000_005L);
            assertThat(both.getUserCpuMicros()).isEqualTo(2_000_000);
            assertThat(both.getSystemCpuMicros()).isEqualTo(100_000);
            assertThat(both.getMaxRssBytes()).isEqualTo(100L * 1024 * 1024);
            assertThat(both.getAveRssBytes()).isEqualTo(60L * 1024 * 1024);
            assertThat(both.getDiskWriteBytes()).isEqualTo(5120);
        }
    }
}
