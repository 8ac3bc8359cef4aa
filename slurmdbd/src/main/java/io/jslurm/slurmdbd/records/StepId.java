package io.jslurm.slurmdbd.records;

/**
 * A step's id: a number from 0, or one of Slurm's special steps. The special ones are Slurm's
 * 32-bit values (0xfffffffb for the batch script and so on), kept as those bits read as a signed
 * int, which is also how they are stored.
 */
public record StepId(int value) {

    private static final int PENDING_VALUE = 0xFFFF_FFFD;
    private static final int EXTERN_VALUE = 0xFFFF_FFFC;
    private static final int BATCH_VALUE = 0xFFFF_FFFB;
    private static final int INTERACTIVE_VALUE = 0xFFFF_FFFA;

    public static final StepId PENDING = new StepId(PENDING_VALUE);
    public static final StepId EXTERN = new StepId(EXTERN_VALUE);
    public static final StepId BATCH = new StepId(BATCH_VALUE);
    public static final StepId INTERACTIVE = new StepId(INTERACTIVE_VALUE);

    public StepId {
        if (value < 0 && value != PENDING_VALUE && value != EXTERN_VALUE && value != BATCH_VALUE && value != INTERACTIVE_VALUE) {
            throw new IllegalArgumentException("not a step id: " + Integer.toUnsignedString(value));
        }
    }

    public static StepId of(int number) {
        if (number < 0) {
            throw new IllegalArgumentException("step number must not be negative: " + number);
        }
        return new StepId(number);
    }

    /** Parses a step id as sacct prints it after the job id and a dot: a number, batch, extern, interactive. */
    public static StepId parse(String text) {
        return switch (text) {
            case "batch" -> BATCH;
            case "extern" -> EXTERN;
            case "interactive" -> INTERACTIVE;
            case "TBD" -> PENDING;
            default -> of(Integer.parseInt(text));
        };
    }

    @Override
    public String toString() {
        return switch (value) {
            case BATCH_VALUE -> "batch";
            case EXTERN_VALUE -> "extern";
            case INTERACTIVE_VALUE -> "interactive";
            case PENDING_VALUE -> "TBD";
            default -> Integer.toString(value);
        };
    }
}
