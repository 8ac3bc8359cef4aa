package io.jslurm.slurmd.launch;

import java.time.Duration;
import java.util.Objects;

/**
 * A parsed {@code --signal=[B:]SIG@secs}: which signal, how long before the time limit, and
 * whether only the batch shell receives it ({@code B:}) rather than every process of the job.
 */
public record WarningSignal(int signal, Duration beforeLimit, boolean batchShellOnly) {
    public WarningSignal {
        Objects.requireNonNull(beforeLimit, "beforeLimit");
        if (signal < 1 || signal > 64) {
            throw new IllegalArgumentException("no such signal number: " + signal);
        }
        if (beforeLimit.isNegative()) {
            throw new IllegalArgumentException("signal time is negative: " + beforeLimit);
        }
    }
}
