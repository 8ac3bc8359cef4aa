package io.jslurm.cli.interactive;

import java.time.Duration;
import java.time.InstantSource;
import java.util.Objects;

/**
 * Ctrl-C as srun reads it: a single SIGINT asks for the step's status, a second one within a second cancels the
 * step.
 */
public final class Interrupts {

    private static final Duration WINDOW = Duration.ofSeconds(1);

    private final InstantSource clock;
    private long lastMillis = Long.MIN_VALUE;

    public Interrupts(InstantSource clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** What this SIGINT means: true to cancel, false to show the status. */
    public synchronized boolean cancels() {
        long now = clock.millis();
        boolean second = lastMillis != Long.MIN_VALUE && now - lastMillis <= WINDOW.toMillis();
        lastMillis = now;
        return second;
    }

    /** Runs {@code handler} on every SIGINT of this process instead of ending the JVM. */
    @SuppressWarnings("sunapi")
    public static void onSigint(Runnable handler) {
        sun.misc.Signal.handle(new sun.misc.Signal("INT"), signal -> handler.run());
    }
}
