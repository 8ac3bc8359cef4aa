package io.jslurm.slurmctld.state;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.InstantSource;

/**
 * The controller half of the crash test, run in its own JVM: submits jobs from several threads for ever and
 * prints {@code ACK <id>} for each submission only after the store has acknowledged it.
 */
public final class CrashSubmitter {

    private CrashSubmitter() {
    }

    public static void main(String[] args) throws InterruptedException {
        Path dir = Path.of(args[0]);
        int threads = Integer.parseInt(args[1]);
        // A small snapshot threshold makes the kill land in rolls and snapshots too, not only in appends.
        JobStoreConfig config = JobStoreConfig.defaults(dir).withSnapshotAfterBytes(256 * 1024);
        JournaledJobStore store = JournaledJobStore.open(config, InstantSource.system());
        PrintStream out = System.out;
        synchronized (out) {
            out.println("READY");
            out.flush();
        }
        Thread[] workers = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            int thread = t;
            workers[t] = new Thread(() -> {
                for (int i = 0; ; i++) {
                    long id = store.submit(SampleJobs.training("crash-" + thread + "-" + i)).jobId();
                    synchronized (out) {
                        out.println("ACK " + id);
                        out.flush();
                    }
                }
            });
            workers[t].start();
        }
        for (Thread worker : workers) {
            worker.join();
        }
    }
}
