package io.jslurm.slurmctld.accounting;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.protocol.proto.AcctJob;
import io.jslurm.protocol.proto.AcctStep;
import io.jslurm.protocol.proto.DbdRecordBatch;
import io.jslurm.protocol.proto.ResourceUsage;
import io.jslurm.slurmctld.job.Allocation;
import io.jslurm.slurmctld.job.Job;
import io.jslurm.slurmctld.job.JobSpec;
import io.jslurm.slurmctld.job.JobState;
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

/** sacct's ExitCode of a cancelled job: 0:15 for the job and its batch step once it ran, 0:0 if it never did. */
class CancelExitCodeTest {

    @TempDir
    Path stateDir;

    private final List<AcctJob> jobs = new CopyOnWriteArrayList<>();
    private final List<AcctStep> steps = new CopyOnWriteArrayList<>();
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
        return JobSpec.builder("alice", 1001, 1001).name("sleeper").account("ml").partition("p").qos("normal")
                .script("#!/bin/bash\nsleep 600\n").workDir("/tmp").build();
    }

    private void await(int jobRecords, int stepRecords) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while ((jobs.size() < jobRecords || steps.size() < stepRecords) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
    }

    @Test
    void aRunningJobCancelledEndsWithSignal15AndSoDoesItsBatchStepWhateverKilledTheScript() throws Exception {
        try (AccountedJobStore store = open()) {
            long id = store.submit(batchJob()).jobId();
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
            long id = store.submit(batchJob()).jobId();
            Job cancelled = store.cancel(id, 0);
            await(2, 0);

            assertThat(cancelled.status().exitCode()).hasToString("0:0");
            AcctJob record = jobs.get(jobs.size() - 1);
            assertThat(record.getState()).isEqualTo("CANCELLED");
            assertThat(record.getExitSignal()).isZero();
            assertThat(steps).isEmpty();
        }
    }
}
