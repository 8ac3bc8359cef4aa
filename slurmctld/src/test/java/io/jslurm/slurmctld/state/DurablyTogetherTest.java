package io.jslurm.slurmctld.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.slurmctld.job.Allocation;
import io.jslurm.slurmctld.job.JobState;
import io.jslurm.slurmctld.job.StateChange;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A scheduling pass's starts made durable with one journal sync, and what a crash right after it keeps. */
class DurablyTogetherTest {

    private static final Allocation NODE = new Allocation("gpu01", 1, 8, 4000, List.of());

    @TempDir
    Path stateDir;
    @TempDir
    Path crashDir;

    private final SettableClock clock = new SettableClock(Instant.parse("2026-11-30T00:00:00Z"));

    private final RecordingSync sync = new RecordingSync();

    private JournaledJobStore open() {
        return JournaledJobStore.open(JobStoreConfig.defaults(stateDir), clock, sync);
    }

    /** The table recovered from what the disk holds now, cut to the synced length: what a power cut would leave. */
    private JournaledJobStore afterPowerCut() throws IOException {
        StateFiles.crashImage(stateDir, crashDir);
        try (RandomAccessFile journal = new RandomAccessFile(StateFiles.lastJournal(crashDir).toFile(), "rw")) {
            journal.setLength(sync.syncedLength.get());
        }
        return JournaledJobStore.open(JobStoreConfig.defaults(crashDir), clock);
    }

    private List<Long> submit(JobStore store, int count) {
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            ids.add(store.submit(SampleJobs.training("j" + i)).jobId());
        }
        return ids;
    }

    @Test
    void aPassWithEightStartsSyncsOnceAndACrashAfterItKeepsThemAll() throws Exception {
        try (JournaledJobStore store = open()) {
            List<Long> ids = submit(store, 8);
            long before = sync.syncs.get();

            List<Long> syncsSeenInside = new ArrayList<>();
            int started = store.durablyTogether(() -> {
                for (long id : ids) {
                    assertThat(store.transition(id, StateChange.start(JobState.RUNNING, NODE)).state())
                            .isEqualTo(JobState.RUNNING);
                    syncsSeenInside.add(sync.syncs.get());
                }
                return ids.size();
            });

            assertThat(started).isEqualTo(8);
            assertThat(syncsSeenInside).as("no change waited for the disk inside the group").containsOnly(before);
            assertThat(sync.syncs.get() - before).as("fsyncs for the pass's 8 starts").isEqualTo(1);

            try (JournaledJobStore recovered = afterPowerCut()) {
                for (long id : ids) {
                    assertThat(recovered.get(id).orElseThrow().state()).as("job %d after the crash", id)
                            .isEqualTo(JobState.RUNNING);
                }
            }
        }
    }

    @Test
    void outsideTheGroupEveryChangeSyncsOnItsOwn() throws Exception {
        try (JournaledJobStore store = open()) {
            List<Long> ids = submit(store, 3);
            long before = sync.syncs.get();
            for (long id : ids) {
                store.transition(id, StateChange.start(JobState.RUNNING, NODE));
            }
            assertThat(sync.syncs.get() - before).isEqualTo(3);
        }
    }

    @Test
    void changesMadeBeforeAThrowAreStillDurableWhenItEscapes() throws Exception {
        try (JournaledJobStore store = open()) {
            List<Long> ids = submit(store, 2);
            long before = sync.syncs.get();
            assertThatThrownBy(() -> store.durablyTogether(() -> {
                store.transition(ids.get(0), StateChange.start(JobState.RUNNING, NODE));
                // Already running: refused, and nothing changed for it.
                return store.transition(ids.get(0), StateChange.start(JobState.RUNNING, NODE));
            })).isInstanceOf(io.jslurm.slurmctld.job.IllegalTransitionException.class);
            assertThat(sync.syncs.get() - before).isEqualTo(1);
            try (JournaledJobStore recovered = afterPowerCut()) {
                assertThat(recovered.get(ids.get(0)).orElseThrow().state()).isEqualTo(JobState.RUNNING);
                assertThat(recovered.get(ids.get(1)).orElseThrow().state()).isEqualTo(JobState.PENDING);
            }
        }
    }

    @Test
    void anotherThreadsChangeDuringTheGroupWaitsForItsOwnSyncAsBefore() throws Exception {
        try (JournaledJobStore store = open()) {
            List<Long> ids = submit(store, 2);
            store.durablyTogether(() -> {
                store.transition(ids.get(0), StateChange.start(JobState.RUNNING, NODE));
                long before = sync.syncs.get();
                Thread other = new Thread(() -> store.transition(ids.get(1), StateChange.start(JobState.RUNNING, NODE)));
                other.start();
                try {
                    other.join();
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
                // The other thread's change returned only once durable, and its sync carried this one's start too.
                assertThat(sync.syncs.get()).isGreaterThan(before);
                return null;
            });
        }
    }
}
