package io.jslurm.slurmctld.schedule;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;

/**
 * Runs tasks on a pool while keeping those of one key in the order they were handed in: a task starts only after
 * the previous task of its key ended. Tasks of different keys run side by side, as the pool allows.
 *
 * <p>Why: the controller's messages for one job on one node must reach that slurmd in the order it made them. A
 * job suspended right after its start has its launch and its suspend queued within microseconds; on two free
 * sender threads the suspend could arrive first, find no job, and the job would then run unsuspended.
 */
final class OrderedSends {

    private final Executor pool;
    /** The last task handed in for each key that has one not yet ended. */
    private final ConcurrentHashMap<Object, CompletableFuture<Void>> tails = new ConcurrentHashMap<>();

    OrderedSends(Executor pool) {
        this.pool = Objects.requireNonNull(pool, "pool");
    }

    /** Runs {@code task} on the pool once every earlier task of {@code key} has ended; {@code task} must not throw. */
    void run(Object key, Runnable task) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(task, "task");
        @SuppressWarnings("unchecked")
        CompletableFuture<Void>[] mine = new CompletableFuture[1];
        tails.compute(key, (k, tail) -> mine[0] = tail == null ? CompletableFuture.runAsync(task, pool)
                : tail.thenRunAsync(task, pool));
        // The key's entry goes once its last task ended, so the map holds only keys with work outstanding.
        mine[0].whenComplete((ignored, failure) -> tails.remove(key, mine[0]));
    }

    /** Keys with tasks not yet ended (for tests and diagnostics). */
    int pendingKeys() {
        return tails.size();
    }
}
