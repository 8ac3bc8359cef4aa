package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/** A job's task that writes a line at a steady pace into a file: how the suspend tests see a job stop and go on. */
final class Ticks {
    private Ticks() {
    }

    /** The lines written so far; 0 before the file exists. */
    static long count(Path file) throws IOException {
        return Files.exists(file) ? Files.readAllLines(file).size() : 0;
    }

    /** Waits until a few more lines are written; fails after {@code timeout}. */
    static void awaitGrowth(Path file, Duration timeout) throws Exception {
        long start = count(file);
        long deadline = System.nanoTime() + timeout.toNanos();
        while (count(file) <= start + 2) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(file + " did not grow in " + timeout.toSeconds() + " s");
            }
            Thread.sleep(200);
        }
    }

    /**
     * scontrol suspend: the job becomes SUSPENDED, squeue shows S, and no line is written for 2.5 s.
     *
     * @return the lines written when the job was frozen
     */
    static long suspendAndCheckFrozen(Cluster cluster, long job, Path file) throws Exception {
        cluster.ok("scontrol", "suspend", Long.toString(job));
        cluster.awaitState(job, Duration.ofSeconds(10), "SUSPENDED");
        assertThat(cluster.ok("squeue", "-h", "-j", Long.toString(job), "-o", "%t")).isEqualTo("S\n");
        Thread.sleep(1000);
        long frozenAt = count(file);
        Thread.sleep(2500);
        assertThat(count(file)).as("no line while suspended").isEqualTo(frozenAt);
        return frozenAt;
    }
}
