package io.jslurm.sched;

/**
 * Hears where a scheduling pass's phases end, so that the controller can time them for sdiag without the
 * scheduler reading a clock. Called on the scheduling thread, in order: main pass, then backfill when enabled.
 */
public interface PassListener {

    PassListener NONE = new PassListener() {
    };

    /**
     * @param depth       jobs the main pass tried to fit
     * @param queueLength jobs in the pass's queue
     */
    default void mainPassDone(int depth, int queueLength) {
    }

    /**
     * @param depth       jobs backfill tested
     * @param queueLength jobs in the pass's queue
     */
    default void backfillDone(int depth, int queueLength) {
    }
}
