package io.jslurm.slurmctld.state;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;

/**
 * Measures the job store on the disk under {@code args[0]}: fsync latency, durable submissions per second from
 * 4 and 16 threads, recovery time and heap per job. Run by hand with the test classpath; not a unit test.
 */
public final class JobStoreBenchmark {

    private JobStoreBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path root = Files.createDirectories(Path.of(args.length > 0 ? args[0] : "target/benchmark"));
        int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        fsyncLatency(root.resolve("fsync.probe"));
        for (int threads : new int[] {1, 4, 16, 64}) {
            throughput(root.resolve("throughput-" + threads), threads, seconds);
        }
        for (int jobs : new int[] {10_000, 100_000}) {
            recovery(root.resolve("recovery-" + jobs), jobs);
        }
    }

    private static void fsyncLatency(Path file) throws IOException {
        long[] nanos = new long[200];
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer record = ByteBuffer.allocate(512);
            for (int i = 0; i < nanos.length; i++) {
                record.clear();
                long start = System.nanoTime();
                channel.write(record);
                channel.force(false);
                nanos[i] = System.nanoTime() - start;
            }
        }
        Files.delete(file);
        Arrays.sort(nanos);
        System.out.printf("fsync (512 B append + force): p50 %.3f ms, p90 %.3f ms, p99 %.3f ms, max %.3f ms%n",
                nanos[100] / 1e6, nanos[180] / 1e6, nanos[198] / 1e6, nanos[199] / 1e6);
    }

    private static void throughput(Path dir, int threads, int seconds) throws InterruptedException {
        JobStoreConfig config = JobStoreConfig.defaults(dir);
        try (JournaledJobStore store = JournaledJobStore.open(config, InstantSource.system())) {
            AtomicBoolean stop = new AtomicBoolean();
            LongAdder done = new LongAdder();
            List<Thread> workers = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                Thread worker = new Thread(() -> {
                    while (!stop.get()) {
                        store.submit(SampleJobs.training("bench"));
                        done.increment();
                    }
                });
                workers.add(worker);
            }
            long start = System.nanoTime();
            workers.forEach(Thread::start);
            Thread.sleep(seconds * 1000L);
            stop.set(true);
            for (Thread worker : workers) {
                worker.join();
            }
            double elapsed = (System.nanoTime() - start) / 1e9;
            JournalStats stats = store.journalStats();
            System.out.printf("%2d threads: %,.0f durable submissions/s (%,d in %.1f s), %.1f per fsync, "
                            + "write+fsync mean %.3f ms max %.1f ms%n",
                    threads, done.sum() / elapsed, done.sum(), elapsed, stats.entriesPerSync(),
                    stats.meanSyncMillis(), stats.maxSyncNanos() / 1e6);
        }
    }

    private static void recovery(Path dir, int jobs) throws Exception {
        Path journalOnly = dir.resolve("journal-only");
        JobStoreConfig config = JobStoreConfig.defaults(dir.resolve("live")).withSnapshotAfterBytes(Long.MAX_VALUE);
        try (JournaledJobStore store = JournaledJobStore.open(config, InstantSource.system())) {
            fill(store, jobs);
            StateFiles.crashImage(config.stateSaveLocation(), journalOnly);
        }
        long journalBytes = Files.size(StateFiles.lastJournal(journalOnly));
        long snapshotBytes = Files.size(StateFiles.named(config.stateSaveLocation(), "job_snapshot.").get(0));
        // Twice each: the first rounds include class loading and JIT compilation of the decoder.
        for (String kind : new String[] {"snapshot", "journal", "snapshot", "journal"}) {
            Path from = kind.equals("snapshot") ? config.stateSaveLocation() : journalOnly;
            long before = usedHeap();
            long start = System.nanoTime();
            JournaledJobStore store = JournaledJobStore.open(config.withStateSaveLocation(from), InstantSource.system());
            double millis = (System.nanoTime() - start) / 1e6;
            long after = usedHeap();
            System.out.printf("recover %,d jobs from %s (%,d bytes): %.0f ms; heap %,d bytes per job%n",
                    store.size(), kind, kind.equals("snapshot") ? snapshotBytes : journalBytes, millis,
                    (after - before) / Math.max(1, store.size()));
            store.close();
        }
    }

    private static void fill(JournaledJobStore store, int jobs) throws InterruptedException {
        int threads = 32;
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int share = jobs / threads + (t < jobs % threads ? 1 : 0);
            int thread = t;
            workers.add(new Thread(() -> {
                for (int i = 0; i < share; i++) {
                    store.submit(SampleJobs.training("fill-" + thread + "-" + i));
                }
            }));
        }
        workers.forEach(Thread::start);
        for (Thread worker : workers) {
            worker.join();
        }
    }

    private static long usedHeap() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(100);
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
