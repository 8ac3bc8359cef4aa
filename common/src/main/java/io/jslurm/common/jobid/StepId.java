package io.jslurm.common.jobid;

import io.jslurm.common.text.InvalidValueException;
import io.jslurm.common.text.Numbers;
import java.util.Locale;

/**
 * A job step: a number from 0, or one of Slurm's named steps {@code batch}, {@code extern} and
 * {@code interactive}, which print by name ({@code 123.batch}).
 */
public record StepId(long value) {

    /** Slurm's wire values for the named steps, kept so that step ids compare and travel as numbers. */
    private static final long INTERACTIVE_VALUE = 0xFFFF_FFFAL;
    private static final long BATCH_VALUE = 0xFFFF_FFFBL;
    private static final long EXTERN_VALUE = 0xFFFF_FFFCL;

    public static final StepId INTERACTIVE = new StepId(INTERACTIVE_VALUE);
    public static final StepId BATCH = new StepId(BATCH_VALUE);
    public static final StepId EXTERN = new StepId(EXTERN_VALUE);

    /** Numbered steps stay below the named ones. */
    public static final long MAX_NUMBERED = 0xFFFF_FFEFL;

    public StepId {
        boolean named = value == INTERACTIVE_VALUE || value == BATCH_VALUE || value == EXTERN_VALUE;
        if (!named && (value < 0 || value > MAX_NUMBERED)) {
            throw new IllegalArgumentException("step id out of range: " + value);
        }
    }

    public static StepId of(long number) {
        return new StepId(number);
    }

    public static StepId parse(String text) {
        return switch (text.strip().toLowerCase(Locale.ROOT)) {
            case "batch" -> BATCH;
            case "extern" -> EXTERN;
            case "interactive" -> INTERACTIVE;
            default -> {
                long number = Numbers.parseNonNegative(text.strip(), "step id", text,
                        "a step number, batch, extern or interactive");
                if (number > MAX_NUMBERED) {
                    throw new InvalidValueException("step id", text, "larger than " + MAX_NUMBERED);
                }
                yield new StepId(number);
            }
        };
    }

    public boolean isNamed() {
        return value > MAX_NUMBERED;
    }

    @Override
    public String toString() {
        if (value == BATCH_VALUE) {
            return "batch";
        }
        if (value == EXTERN_VALUE) {
            return "extern";
        }
        if (value == INTERACTIVE_VALUE) {
            return "interactive";
        }
        return Long.toString(value);
    }
}
