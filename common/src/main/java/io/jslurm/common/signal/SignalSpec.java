package io.jslurm.common.signal;

import io.jslurm.common.text.InvalidValueException;
import io.jslurm.common.text.Numbers;
import java.util.Locale;
import java.util.Objects;

/**
 * A {@code --signal=[{R|B}:]SIG[@secs]} request: send {@code signal} this many seconds before the time limit.
 * {@code B} signals only the batch shell, {@code R} also when the job's reservation ends. The delay defaults to
 * 60 seconds and is at most 65535; it is printed only when it is not the default, as {@code sbatch} does.
 */
public record SignalSpec(Signal signal, int delaySeconds, boolean batchShellOnly, boolean onReservationEnd) {

    public static final int DEFAULT_DELAY = 60;
    public static final int MAX_DELAY = 65_535;

    private static final String KIND = "signal specification";
    private static final String ALLOWED = "expected [{R|B}:]SIGNAL[@SECONDS]";

    public SignalSpec {
        Objects.requireNonNull(signal, "signal is null");
        if (delaySeconds < 0 || delaySeconds > MAX_DELAY) {
            throw new IllegalArgumentException("signal delay outside 0-" + MAX_DELAY + ": " + delaySeconds);
        }
    }

    public static SignalSpec of(Signal signal) {
        return new SignalSpec(signal, DEFAULT_DELAY, false, false);
    }

    public static SignalSpec parse(String text) {
        Objects.requireNonNull(text, "signal specification is null");
        String spec = text.strip();
        boolean batch = false;
        boolean reservation = false;
        int colon = spec.indexOf(':');
        if (colon >= 0) {
            String flags = spec.substring(0, colon).toUpperCase(Locale.ROOT);
            if (!flags.matches("[RB]+")) {
                throw new InvalidValueException(KIND, text, "flags before ':' may only be R and B; " + ALLOWED);
            }
            batch = flags.contains("B");
            reservation = flags.contains("R");
            spec = spec.substring(colon + 1);
        }
        int delay = DEFAULT_DELAY;
        int at = spec.indexOf('@');
        if (at >= 0) {
            String seconds = spec.substring(at + 1);
            long value = seconds.isEmpty() ? 0 : Numbers.parseNonNegative(seconds, KIND, text, "seconds after '@'");
            if (value > MAX_DELAY) {
                throw new InvalidValueException(KIND, text, "the delay after '@' is at most " + MAX_DELAY
                        + " seconds");
            }
            delay = (int) value;
            spec = spec.substring(0, at);
        }
        Signal signal;
        try {
            signal = Signal.parse(spec);
        } catch (InvalidValueException e) {
            throw new InvalidValueException(KIND, text, e.reason());
        }
        return new SignalSpec(signal, delay, batch, reservation);
    }

    @Override
    public String toString() {
        String flags = (onReservationEnd ? "R" : "") + (batchShellOnly ? "B" : "");
        return (flags.isEmpty() ? "" : flags + ":") + signal + (delaySeconds == DEFAULT_DELAY ? "" : "@" + delaySeconds);
    }
}
