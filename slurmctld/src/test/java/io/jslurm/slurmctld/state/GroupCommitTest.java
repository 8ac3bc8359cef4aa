package io.jslurm.slurmctld.state;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.slurmctld.job.Job;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GroupCommitTest {

    @TempDir
    Path stateDir;

    @Test
    void concurrentSubmittersShareFsyncsAndEveryoneGetsADistinctId() throws Exception {
        int threads = 16;
        int perThread = 100;
        ConcurrentLinkedQueue<Long> ids = new ConcurrentLinkedQueue<>();
        JournalStats stats;
        try (JournaledJobStore store = JournaledJobStore.open(JobStoreConfig.defaults(stateDir),
                new SettableClock(Instant.parse("2026-11-30T00:00:00Z")))) {
            CountDownLatch start = new CountDownLatch(1);
            List<Thread> workers = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                Thread worker = new Thread(() -> {
                    try {
                        start.await();
                    } catch (InterruptedException e) {
                        return;
                    }
                    for (int i = 0; i < perThread; i++) {
                        Job job = store.submit(SampleJobs.training("j"));
                        ids.add(job.jobId());
                    }
                });
                worker.start();
                workers.add(worker);
            }
            start.countDown();
            for (Thread worker : workers) {
                worker.join();
            }
            stats = store.journalStats();
        }
        assertThat(ids).hasSize(threads * perThread).doesNotHaveDuplicates();
        assertThat(stats.entries()).isEqualTo(threads * perThread);
        assertThat(stats.syncs()).as("fsyncs for %d submissions", threads * perThread).isLessThan(threads * perThread);
    }

    @Test
    void interruptedSubmittersDoNotBreakTheJournal() throws Exception {
        try (JournaledJobStore store = JournaledJobStore.open(JobStoreConfig.defaults(stateDir),
                new SettableClock(Instant.parse("2026-11-30T00:00:00Z")))) {
            ConcurrentLinkedQueue<Long> acknowledged = new ConcurrentLinkedQueue<>();
            List<Thread> workers = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                Thread worker = new Thread(() -> {
                    for (int i = 0; i < 200; i++) {
                        acknowledged.add(store.submit(SampleJobs.training("j")).jobId());
                        Thread.interrupted();
                    }
                });
                worker.start();
                workers.add(worker);
            }
            // An RPC layer shutting down interrupts its workers; the journal must outlive that.
            while (workers.stream().anyMatch(Thread::isAlive)) {
                workers.forEach(Thread::interrupt);
                Thread.sleep(0, 200_000);
            }
            assertThat(acknowledged).hasSize(1_600);
            assertThat(store.submit(SampleJobs.training("after")).jobId()).isPositive();
        }
    }

    /** Snapshots start new journal segments while writes are in flight; every submission still comes back. */
    @Test
    @org.junit.jupiter.api.Timeout(60)
    void segmentsRollWhileSubmittersWaitAndEveryJobIsRecovered() throws Exception {
        int threads = 8;
        int perThread = 150;
        ConcurrentLinkedQueue<Long> ids = new ConcurrentLinkedQueue<>();
        SettableClock clock = new SettableClock(Instant.parse("2026-11-30T00:00:00Z"));
        try (JournaledJobStore store = JournaledJobStore.open(JobStoreConfig.defaults(stateDir), clock)) {
            List<Thread> workers = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                Thread worker = new Thread(() -> {
                    for (int i = 0; i < perThread; i++) {
                        ids.add(store.submit(SampleJobs.training("j")).jobId());
                    }
                });
                worker.start();
                workers.add(worker);
            }
            while (workers.stream().anyMatch(Thread::isAlive)) {
                store.snapshot();
            }
            for (Thread worker : workers) {
                worker.join();
            }
        }
        assertThat(ids).hasSize(threads * perThread).doesNotHaveDuplicates();
        try (JournaledJobStore reopened = JournaledJobStore.open(JobStoreConfig.defaults(stateDir), clock)) {
            assertThat(reopened.size()).isEqualTo(threads * perThread);
            assertThat(ids).allMatch(id -> reopened.get(id).isPresent());
        }
    }
}
