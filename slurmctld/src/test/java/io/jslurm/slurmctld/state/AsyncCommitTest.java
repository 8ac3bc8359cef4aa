package io.jslurm.slurmctld.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.slurmctld.job.Job;
import io.netty.channel.DefaultEventLoop;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Submissions that do not wait: the store hands back a stage that completes only after the fsync of the job's
 * journal record, written by the journal's own thread. The fsync here is the real one behind a gate the test opens.
 */
@Timeout(60)
class AsyncCommitTest {

    @TempDir
    Path stateDir;

    final SettableClock clock = new SettableClock(Instant.parse("2026-11-30T00:00:00Z"));

    /** The real fsync, entered only when the test lets it; counts the syncs that returned. */
    static final class GatedSync implements SegmentSync {
        final Semaphore permits = new Semaphore(0);
        final CountDownLatch entered = new CountDownLatch(1);
        final AtomicInteger finished = new AtomicInteger();
        volatile IOException failWith;

        /** Lets every later sync through: closing the store snapshots, which syncs once more. */
        void open() {
            permits.release(1_000_000);
        }

        @Override
        public void sync(FileOutputStream segment) throws IOException {
            entered.countDown();
            try {
                permits.acquire();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted at the gate");
            }
            if (failWith != null) {
                throw failWith;
            }
            segment.getFD().sync();
            finished.incrementAndGet();
        }
    }

    @Test
    void theStageCompletesOnlyAfterTheJobsRecordIsSynced() throws Exception {
        GatedSync sync = new GatedSync();
        try (JournaledJobStore store = JournaledJobStore.open(JobStoreConfig.defaults(stateDir), clock, sync)) {
            AtomicBoolean syncedWhenAnswered = new AtomicBoolean();
            CompletableFuture<Job> answered = store.submitAsync(SampleJobs.training("train")).thenApply(job -> {
                syncedWhenAnswered.set(sync.finished.get() == 1);
                return job;
            }).toCompletableFuture();

            assertThat(sync.entered.await(10, TimeUnit.SECONDS)).as("the journal's thread started the sync").isTrue();
            // The job is in the table (the scheduler may see it) but nobody has been told it is accepted.
            assertThat(store.size()).isEqualTo(1);
            Thread.sleep(200);
            assertThat(answered).as("answered before its fsync").isNotDone();

            sync.permits.release();
            Job job = answered.get(10, TimeUnit.SECONDS);
            assertThat(syncedWhenAnswered).as("the fsync had returned when the answer was built").isTrue();
            assertThat(store.get(job.jobId())).isPresent();
            sync.open();
        }
        try (JournaledJobStore reopened = JournaledJobStore.open(JobStoreConfig.defaults(stateDir), clock)) {
            assertThat(reopened.size()).isEqualTo(1);
        }
    }

    @Test
    void submissionsArrivingDuringASyncShareTheNextOne() throws Exception {
        GatedSync sync = new GatedSync();
        try (JournaledJobStore store = JournaledJobStore.open(JobStoreConfig.defaults(stateDir), clock, sync)) {
            CompletableFuture<Job> first = store.submitAsync(SampleJobs.training("first")).toCompletableFuture();
            assertThat(sync.entered.await(10, TimeUnit.SECONDS)).isTrue();
            List<CompletableFuture<Job>> later = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                later.add(store.submitAsync(SampleJobs.training("later" + i)).toCompletableFuture());
            }
            sync.permits.release();
            first.get(10, TimeUnit.SECONDS);
            Thread.sleep(100);
            assertThat(later).as("carried by the second sync, not yet allowed").noneMatch(CompletableFuture::isDone);
            sync.permits.release();
            CompletableFuture.allOf(later.toArray(CompletableFuture[]::new)).get(10, TimeUnit.SECONDS);
            assertThat(sync.finished).hasValue(2);
            assertThat(store.journalStats().syncs()).isEqualTo(2);
            sync.open();
        }
    }

    @Test
    void aFailedSyncFailsTheStageAndTheJournalAcceptsNothingMore() throws Exception {
        GatedSync sync = new GatedSync();
        try (JournaledJobStore store = JournaledJobStore.open(JobStoreConfig.defaults(stateDir), clock, sync)) {
            sync.failWith = new IOException("No space left on device");
            CompletionStage<Job> lost = store.submitAsync(SampleJobs.training("lost"));
            sync.open();
            assertThatThrownBy(() -> lost.toCompletableFuture().get(10, TimeUnit.SECONDS))
                    .isInstanceOf(ExecutionException.class).cause().isInstanceOf(JobStoreException.class)
                    .hasMessageContaining("can no longer be made durable");
            assertThatThrownBy(() -> store.submitAsync(SampleJobs.training("after")))
                    .isInstanceOf(JobStoreException.class);
        }
    }

    @Test
    void whatFollowsTheSyncRunsOnTheSubmittersEventLoopNotOnTheJournalsThread() throws Exception {
        GatedSync sync = new GatedSync();
        DefaultEventLoop loop = new DefaultEventLoop();
        try (JournaledJobStore store = JournaledJobStore.open(JobStoreConfig.defaults(stateDir), clock, sync)) {
            Thread loopThread = loop.submit(Thread::currentThread).get(10, TimeUnit.SECONDS);
            CompletableFuture<Thread> answeredOn = loop.submit(() -> store.submitAsync(SampleJobs.training("train"))
                    .thenApply(job -> Thread.currentThread()).toCompletableFuture()).get(10, TimeUnit.SECONDS);
            assertThat(sync.entered.await(10, TimeUnit.SECONDS)).isTrue();
            sync.open();
            assertThat(answeredOn.get(10, TimeUnit.SECONDS)).isSameAs(loopThread);
        } finally {
            loop.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        }
    }

    /**
     * The first caller that does not wait finds its entry already in a write a waiting caller leads: the future
     * must still complete once that write is synced (the journal's thread did not exist yet).
     */
    @Test
    void theFirstFutureCompletesWhenAWaitingCallersWriteCarriesIt() throws Exception {
        GatedSync sync = new GatedSync();
        try (StateDirectory directory = StateDirectory.open(stateDir);
                Journal journal = Journal.start(directory, 1, sync)) {
            long notWaiting = journal.append(new JournalEntry.Purged(new long[] {1}));
            long waiting = journal.append(new JournalEntry.Purged(new long[] {2}));
            Thread leader = new Thread(() -> journal.awaitDurable(waiting));
            leader.start();
            assertThat(sync.entered.await(10, TimeUnit.SECONDS)).as("the waiting caller's write started").isTrue();

            CompletableFuture<Void> durable = journal.whenDurable(notWaiting).toCompletableFuture();
            assertThat(durable).isNotDone();
            sync.open();
            leader.join(10_000);

            durable.get(10, TimeUnit.SECONDS);
            assertThat(sync.finished.get()).isEqualTo(1);
        }
    }

    /** Waiting and non-waiting callers share one journal; every acknowledged job comes back after a restart. */
    @Test
    void mixedCallersAndSnapshotsLoseNoAcknowledgedJob() throws Exception {
        ConcurrentLinkedQueue<Long> acknowledged = new ConcurrentLinkedQueue<>();
        try (JournaledJobStore store = JournaledJobStore.open(JobStoreConfig.defaults(stateDir), clock)) {
            List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < 6; t++) {
                boolean waits = t % 2 == 0;
                Thread thread = new Thread(() -> {
                    List<CompletableFuture<Job>> inFlight = new ArrayList<>();
                    for (int i = 0; i < 200; i++) {
                        if (waits) {
                            acknowledged.add(store.submit(SampleJobs.training("w")).jobId());
                        } else {
                            inFlight.add(store.submitAsync(SampleJobs.training("a")).toCompletableFuture()
                                    .whenComplete((job, failure) -> acknowledged.add(job.jobId())));
                        }
                    }
                    inFlight.forEach(CompletableFuture::join);
                });
                thread.start();
                threads.add(thread);
            }
            while (threads.stream().anyMatch(Thread::isAlive)) {
                store.snapshot();
            }
            for (Thread thread : threads) {
                thread.join();
            }
        }
        assertThat(acknowledged).hasSize(1_200).doesNotHaveDuplicates();
        try (JournaledJobStore reopened = JournaledJobStore.open(JobStoreConfig.defaults(stateDir), clock)) {
            assertThat(reopened.size()).isEqualTo(1_200);
            assertThat(acknowledged).allMatch(id -> reopened.get(id).isPresent());
        }
    }
}
