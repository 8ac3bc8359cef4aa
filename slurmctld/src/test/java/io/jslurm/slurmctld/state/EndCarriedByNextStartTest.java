package io.jslurm.slurmctld.state;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.slurmctld.job.Allocation;
import io.jslurm.slurmctld.job.ExitCode;
import io.jslurm.slurmctld.job.Job;
import io.jslurm.slurmctld.job.JobState;
import io.jslurm.slurmctld.job.PendingReason;
import io.jslurm.slurmctld.job.StateChange;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A job's end made with patience is synced by the next start (the scheduling pass that hands its cores on), one
 * sync for both; whatever prefix of that write a crash keeps, the recovered table never has the start without
 * the end.
 */
class EndCarriedByNextStartTest {

    private static final Allocation NODE = new Allocation("gpu01", 1, 8, 4000, List.of());
    private static final Duration WAIT = Duration.ofSeconds(10);

    @TempDir
    Path stateDir;
    @TempDir
    Path crashes;

    private final SettableClock clock = new SettableClock(Instant.parse("2026-11-30T00:00:00Z"));

    private final RecordingSync sync = new RecordingSync();
    private int copies;

    private static StateChange completed() {
        return StateChange.finish(JobState.COMPLETED, ExitCode.SUCCESS, PendingReason.NONE);
    }

    /** The job table recovered from a copy of the state whose last journal segment is cut to {@code length}. */
    private JobTable recoveredCutAt(long length) throws IOException {
        Path copy = StateFiles.crashImage(stateDir, crashes.resolve("copy-" + ++copies));
        try (RandomAccessFile journal = new RandomAccessFile(StateFiles.lastJournal(copy).toFile(), "rw")) {
            journal.setLength(length);
        }
        try (StateDirectory directory = StateDirectory.open(copy)) {
            return Recovery.run(directory).table();
        }
    }

    /** Waits until the other thread's end of the job shows in the table, which it does before it is durable. */
    private static void awaitEnded(JobStore store, long jobId) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (store.get(jobId).orElseThrow().state() != JobState.COMPLETED && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
    }

    private static JobState state(JobTable table, long jobId) {
        return table.get(jobId).map(Job::state).orElseThrow();
    }

    @Test
    void anEndWaitingWithPatienceIsSyncedByTheNextStartAndNoCutKeepsTheStartWithoutTheEnd() throws Exception {
        try (JournaledJobStore store = JournaledJobStore.open(JobStoreConfig.defaults(stateDir), clock, sync)) {
            long first = store.submit(SampleJobs.training("first")).jobId();
            long next = store.submit(SampleJobs.training("next")).jobId();
            store.transition(first, StateChange.start(JobState.RUNNING, NODE));
            long syncsBefore = sync.syncs.get();
            long lengthBefore = sync.syncedLength.get();

            // The completion's thread: the end is made, then it waits (far longer than this test) for another
            // thread's sync to carry it.
            Thread completion = new Thread(() -> store.durablyTogether(
                    () -> store.transition(first, completed()), Duration.ofMinutes(5)), "completion");
            completion.start();
            awaitEnded(store, first);
            assertThat(store.get(first).orElseThrow().state()).as("the end is visible before it is durable")
                    .isEqualTo(JobState.COMPLETED);
            assertThat(completion.isAlive()).as("the completion still waits for its end to be durable").isTrue();
            assertThat(sync.syncs.get()).as("nobody synced the end yet").isEqualTo(syncsBefore);

            // The scheduling pass: the next job starts on the freed node, its sync carrying the end.
            store.durablyTogether(() -> store.transition(next, StateChange.start(JobState.RUNNING, NODE)));
            completion.join(WAIT.toMillis());
            assertThat(completion.isAlive()).as("the completion returned with the start's sync").isFalse();
            assertThat(sync.syncs.get() - syncsBefore).as("fsyncs for the end and the next start").isEqualTo(1);
            long lengthAfter = sync.syncedLength.get();

            // Every length a crash can leave of that one write, byte by byte.
            boolean sawEndWithoutStart = false;
            for (long cut = lengthBefore; cut <= lengthAfter; cut++) {
                JobTable recovered = recoveredCutAt(cut);
                JobState end = state(recovered, first);
                JobState start = state(recovered, next);
                if (start == JobState.RUNNING) {
                    assertThat(end).as("the first job after a cut at %d bytes, with the next one running", cut)
                            .isEqualTo(JobState.COMPLETED);
                } else {
                    assertThat(start).as("the next job after a cut at %d bytes", cut).isEqualTo(JobState.PENDING);
                }
                sawEndWithoutStart |= end == JobState.COMPLETED && start == JobState.PENDING;
            }
            JobTable beforeTheWrite = recoveredCutAt(lengthBefore);
            assertThat(state(beforeTheWrite, first)).as("nothing of the write kept: the end is reported again")
                    .isEqualTo(JobState.RUNNING);
            assertThat(state(beforeTheWrite, next)).isEqualTo(JobState.PENDING);
            assertThat(sawEndWithoutStart).as("a cut between the end and the start keeps the end alone").isTrue();
            JobTable afterTheWrite = recoveredCutAt(lengthAfter);
            assertThat(state(afterTheWrite, first)).isEqualTo(JobState.COMPLETED);
            assertThat(state(afterTheWrite, next)).isEqualTo(JobState.RUNNING);
        }
    }

    @Test
    void anEndNobodyCarriesIsSyncedByItsOwnThreadOncePatienceRunsOut() throws Exception {
        try (JournaledJobStore store = JournaledJobStore.open(JobStoreConfig.defaults(stateDir), clock, sync)) {
            long jobId = store.submit(SampleJobs.training("alone")).jobId();
            store.transition(jobId, StateChange.start(JobState.RUNNING, NODE));
            long syncsBefore = sync.syncs.get();

            store.durablyTogether(() -> store.transition(jobId, completed()), Duration.ofMillis(20));

            assertThat(sync.syncs.get() - syncsBefore).isEqualTo(1);
            assertThat(state(recoveredCutAt(sync.syncedLength.get()), jobId)).isEqualTo(JobState.COMPLETED);
        }
    }

    @Test
    void syncMadeMakesOtherThreadsWaitingEndsDurable() throws Exception {
        try (JournaledJobStore store = JournaledJobStore.open(JobStoreConfig.defaults(stateDir), clock, sync)) {
            long jobId = store.submit(SampleJobs.training("alone")).jobId();
            store.transition(jobId, StateChange.start(JobState.RUNNING, NODE));
            long syncsBefore = sync.syncs.get();
            Thread completion = new Thread(() -> store.durablyTogether(
                    () -> store.transition(jobId, completed()), Duration.ofMinutes(5)), "completion");
            completion.start();
            awaitEnded(store, jobId);

            // A pass that started nothing: the scheduling loop syncs what the ends that asked for it made.
            store.syncMade();

            completion.join(WAIT.toMillis());
            assertThat(completion.isAlive()).isFalse();
            assertThat(sync.syncs.get() - syncsBefore).isEqualTo(1);
            store.syncMade();
            assertThat(sync.syncs.get() - syncsBefore).as("nothing left to sync: no second fsync").isEqualTo(1);
        }
    }
}
