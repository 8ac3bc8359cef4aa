package io.jslurm.slurmctld.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.slurmctld.job.Allocation;
import io.jslurm.common.jobid.ArraySpec;
import io.jslurm.slurmctld.job.ExitCode;
import io.jslurm.slurmctld.job.GresRequest;
import io.jslurm.slurmctld.job.Hold;
import io.jslurm.slurmctld.job.Job;
import io.jslurm.common.jobid.JobIdSpec;
import io.jslurm.slurmctld.job.JobState;
import io.jslurm.slurmctld.job.PendingReason;
import io.jslurm.slurmctld.job.StateChange;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecoveryTest {

    private static final Allocation NODES = new Allocation("gpu[01-04]", 4, 192, 1_000_000,
            List.of(GresRequest.gpusPerNode("h100", 8)));

    @TempDir
    Path tmp;

    private final SettableClock clock = new SettableClock(Instant.parse("2026-11-30T01:00:00Z"));

    private JournaledJobStore open(Path dir) {
        return JournaledJobStore.open(JobStoreConfig.defaults(dir), clock);
    }

    /** A table with every kind of change in it. */
    private List<Job> fill(JobStore store) {
        long a = store.submit(SampleJobs.training("a")).jobId();
        long b = store.submit(SampleJobs.training("b")).jobId();
        store.submitArray(SampleJobs.training("sweep"), ArraySpec.parse("1,3,5%2"));
        long held = store.submit(SampleJobs.training("held")).jobId();
        clock.advance(Duration.ofSeconds(10));
        store.transition(a, StateChange.start(JobState.RUNNING, NODES));
        store.transition(b, StateChange.start(JobState.RUNNING, NODES));
        clock.advance(Duration.ofMinutes(5));
        store.transition(b, StateChange.finish(JobState.OUT_OF_MEMORY, ExitCode.of(0, 9), PendingReason.OUT_OF_MEMORY));
        store.hold(held, Hold.USER);
        store.update(held, spec -> spec.toBuilder().partition("debug").build());
        return store.query(job -> true);
    }

    @Test
    void cleanCloseRecoversEveryFieldAndTheIdCounter() {
        Path dir = tmp.resolve("state");
        List<Job> before;
        long next;
        try (JournaledJobStore store = open(dir)) {
            before = fill(store);
            next = store.nextJobId();
        }
        try (JournaledJobStore store = open(dir)) {
            assertThat(store.query(job -> true)).containsExactlyElementsOf(before);
            assertThat(store.nextJobId()).isEqualTo(next);
            assertThat(store.find(JobIdSpec.parse(before.get(2).arrayJobId() + "_3"))).hasSize(1);
            assertThat(store.submit(SampleJobs.training("after")).jobId()).isEqualTo(next);
        }
    }

    @Test
    void crashWithoutSnapshotRecoversFromTheJournalAlone() {
        Path live = tmp.resolve("live");
        try (JournaledJobStore store = open(live)) {
            List<Job> before = fill(store);
            Path crashed = StateFiles.crashImage(live, tmp.resolve("crashed"));
            assertThat(StateFiles.named(crashed, "job_snapshot.")).isEmpty();
            try (JournaledJobStore recovered = open(crashed)) {
                assertThat(recovered.query(job -> true)).containsExactlyElementsOf(before);
                assertThat(recovered.nextJobId()).isEqualTo(store.nextJobId());
            }
        }
    }

    @Test
    void arrayTasksShareOneRequestAfterRecovery() {
        Path live = tmp.resolve("live");
        try (JournaledJobStore store = open(live)) {
            store.submitArray(SampleJobs.training("sweep"), ArraySpec.parse("0-2"));
            try (JournaledJobStore recovered = open(StateFiles.crashImage(live, tmp.resolve("crashed")))) {
                List<Job> tasks = recovered.query(job -> true);
                assertThat(tasks.get(1).spec()).isSameAs(tasks.get(0).spec()).isSameAs(tasks.get(2).spec());
            }
        }
    }

    @Test
    void tornLastRecordIsCutOffAndEverythingBeforeItKept() throws IOException {
        Path live = tmp.resolve("live");
        try (JournaledJobStore store = open(live)) {
            for (int i = 0; i < 5; i++) {
                store.submit(SampleJobs.training("job" + i));
            }
            Path crashed = StateFiles.crashImage(live, tmp.resolve("crashed"));
            Path journal = StateFiles.lastJournal(crashed);
            long size = Files.size(journal);
            try (RandomAccessFile file = new RandomAccessFile(journal.toFile(), "rw")) {
                file.setLength(size - 7);
            }
            try (JournaledJobStore recovered = open(crashed)) {
                assertThat(recovered.query(job -> true)).extracting(job -> job.spec().name())
                        .containsExactly("job0", "job1", "job2", "job3");
                // The cut-off job's id was never acknowledged, so handing it out again is correct.
                assertThat(recovered.submit(SampleJobs.training("again")).jobId()).isEqualTo(5);
            }
            try (JournaledJobStore again = open(crashed)) {
                assertThat(again.size()).isEqualTo(5);
            }
        }
    }

    @Test
    void garbageAfterTheLastRecordIsIgnored() throws IOException {
        Path live = tmp.resolve("live");
        try (JournaledJobStore store = open(live)) {
            store.submit(SampleJobs.training("kept"));
            Path crashed = StateFiles.crashImage(live, tmp.resolve("crashed"));
            Files.write(StateFiles.lastJournal(crashed), new byte[] {0, 0, 1, 0, 0x12, 0x34, 0x56, 0x78, 1, 2, 3},
                    java.nio.file.StandardOpenOption.APPEND);
            try (JournaledJobStore recovered = open(crashed)) {
                assertThat(recovered.query(job -> true)).extracting(job -> job.spec().name()).containsExactly("kept");
            }
        }
    }

    @Test
    void flippedBitInTheLastRecordDropsOnlyThatRecord() throws IOException {
        Path live = tmp.resolve("live");
        try (JournaledJobStore store = open(live)) {
            store.submit(SampleJobs.training("first"));
            store.submit(SampleJobs.training("second"));
            Path crashed = StateFiles.crashImage(live, tmp.resolve("crashed"));
            Path journal = StateFiles.lastJournal(crashed);
            flipByte(journal, Files.size(journal) - 20);
            try (JournaledJobStore recovered = open(crashed)) {
                assertThat(recovered.query(job -> true)).extracting(job -> job.spec().name()).containsExactly("first");
            }
        }
    }

    /** Two crashes in a row leave two journal segments and no snapshot. */
    private Path twoSegmentsWithoutSnapshot() {
        Path live = tmp.resolve("live");
        Path first = tmp.resolve("first");
        Path second = tmp.resolve("second");
        try (JournaledJobStore store = open(live)) {
            store.submit(SampleJobs.training("a"));
            store.submit(SampleJobs.training("b"));
            StateFiles.crashImage(live, first);
        }
        try (JournaledJobStore store = open(first)) {
            store.submit(SampleJobs.training("c"));
            StateFiles.crashImage(first, second);
        }
        assertThat(StateFiles.named(second, "job_journal.")).hasSize(2);
        assertThat(StateFiles.named(second, "job_snapshot.")).isEmpty();
        return second;
    }

    @Test
    void journalSpreadOverSegmentsIsReplayedInOrder() {
        try (JournaledJobStore store = open(twoSegmentsWithoutSnapshot())) {
            assertThat(store.query(job -> true)).extracting(job -> job.spec().name()).containsExactly("a", "b", "c");
        }
    }

    @Test
    void damageInAnOlderSegmentStopsRecovery() throws IOException {
        Path dir = twoSegmentsWithoutSnapshot();
        Path older = StateFiles.named(dir, "job_journal.").get(0);
        flipByte(older, Files.size(older) - 20);
        assertThatThrownBy(() -> open(dir)).isInstanceOf(CorruptStateException.class)
                .hasMessageContaining("later segments follow");
    }

    @Test
    void missingSegmentStopsRecovery() throws IOException {
        Path dir = twoSegmentsWithoutSnapshot();
        Files.delete(StateFiles.named(dir, "job_journal.").get(0));
        assertThatThrownBy(() -> open(dir)).isInstanceOf(CorruptStateException.class).hasMessageContaining("missing");
    }

    @Test
    void damagedSnapshotWithoutItsJournalIsRefused() throws IOException {
        Path dir = tmp.resolve("state");
        try (JournaledJobStore store = open(dir)) {
            store.submit(SampleJobs.training("a"));
        }
        Path snapshot = StateFiles.named(dir, "job_snapshot.").get(0);
        flipByte(snapshot, Files.size(snapshot) / 2);
        assertThatThrownBy(() -> open(dir)).isInstanceOf(CorruptStateException.class);
    }

    @Test
    void snapshotDropsRedundantJournalAndKeepsTheCounterAfterPurge() {
        Path dir = tmp.resolve("state");
        JobStoreConfig config = JobStoreConfig.defaults(dir).withMinJobAge(Duration.ofSeconds(1));
        try (JournaledJobStore store = JournaledJobStore.open(config, clock)) {
            for (int i = 0; i < 10; i++) {
                store.cancel(store.submit(SampleJobs.training("j" + i)).jobId());
            }
            clock.advance(Duration.ofSeconds(2));
            assertThat(store.purge()).hasSize(10);
            store.snapshot();
            assertThat(StateFiles.named(dir, "job_journal.")).hasSize(1);
            assertThat(StateFiles.named(dir, "job_snapshot.")).hasSize(1);
            Path crashed = StateFiles.crashImage(dir, tmp.resolve("crashed"));
            try (JournaledJobStore recovered = JournaledJobStore.open(config.withStateSaveLocation(crashed), clock)) {
                assertThat(recovered.size()).isZero();
                assertThat(recovered.submit(SampleJobs.training("next")).jobId()).isEqualTo(11);
            }
        }
    }

    @Test
    void journalPastTheThresholdIsSnapshottedInTheBackground() throws InterruptedException {
        Path dir = tmp.resolve("state");
        JobStoreConfig config = JobStoreConfig.defaults(dir).withSnapshotAfterBytes(4096);
        try (JournaledJobStore store = JournaledJobStore.open(config, clock)) {
            for (int i = 0; i < 50; i++) {
                store.submit(SampleJobs.training("j" + i));
            }
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (StateFiles.named(dir, "job_snapshot.").isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertThat(StateFiles.named(dir, "job_snapshot.")).isNotEmpty();
            Path crashed = StateFiles.crashImage(dir, tmp.resolve("crashed"));
            try (JournaledJobStore recovered = open(crashed)) {
                assertThat(recovered.size()).isEqualTo(50);
            }
        }
    }

    private static void flipByte(Path file, long at) throws IOException {
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.seek(at);
            int b = raf.read();
            raf.seek(at);
            raf.write(b ^ 0x5A);
        }
    }
}
