package io.jslurm.common.text;

/**
 * A Slurm value string that cannot be parsed. The message names what kind of value it was, the input as given,
 * and what is allowed, e.g. {@code Invalid memory size: 1.5G (expected a whole number ...)}.
 */
public final class InvalidValueException extends IllegalArgumentException {

    private final String kind;
    private final String input;
    private final String reason;

    public InvalidValueException(String kind, String input, String reason) {
        super("Invalid " + kind + ": " + input + " (" + reason + ")");
        this.kind = kind;
        this.input = input;
        this.reason = reason;
    }

    /** What was being parsed, e.g. {@code time limit}. */
    public String kind() {
        return kind;
    }

    /** What is wrong, or what would have been accepted. */
    public String reason() {
        return reason;
    }

    /** The text as given. */
    public String input() {
        return input;
    }
}
