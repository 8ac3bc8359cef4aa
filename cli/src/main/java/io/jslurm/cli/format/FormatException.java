package io.jslurm.cli.format;

/** A format string naming a field that does not exist or ending mid-field. */
public final class FormatException extends IllegalArgumentException {

    public FormatException(String message) {
        super(message);
    }
}
