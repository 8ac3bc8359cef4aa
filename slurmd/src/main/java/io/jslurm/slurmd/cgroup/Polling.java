package io.jslurm.slurmd.cgroup;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Waiting for a state a cgroup reaches without telling anyone: its files are read again until it shows. */
final class Polling {

    private Polling() {
    }

    /** True once {@code reached} holds, false when {@code timeout} has passed first; reads every {@code pollMillis}. */
    static boolean until(BooleanSupplier reached, Duration timeout, long pollMillis) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!reached.getAsBoolean()) {
            if (System.nanoTime() - deadline >= 0) {
                return false;
            }
            Thread.sleep(pollMillis);
        }
        return true;
    }
}
