package io.jslurm.protocol.rpc;

import io.netty.util.concurrent.EventExecutor;
import io.netty.util.internal.ThreadExecutorMap;
import java.util.concurrent.Executor;

/**
 * Where an asynchronous handler finishes its answer: the event loop it was started on. The stage it waits on is
 * completed by some other thread (the job journal's, after an fsync); building and writing the answer there would
 * hold that thread from its next write, while the event loop owns the connection and writes it without a further
 * handoff.
 */
public final class AnswerExecutor {

    private AnswerExecutor() {
    }

    /**
     * The calling thread's event loop; outside one (a worker, a test) the thread that completes the stage runs the
     * rest, as a plain {@code thenApply} would.
     */
    public static Executor current() {
        EventExecutor loop = ThreadExecutorMap.currentExecutor();
        return loop != null ? loop : Runnable::run;
    }
}
