package io.jslurm.cli.submit;

import java.util.Objects;

/**
 * A submission the client refuses before contacting the controller. The message is what follows
 * {@code sbatch: error: } (or {@code fatal: }) on each of its lines; the exit status is the one Slurm's client uses for the same
 * mistake: 255 for option syntax and invalid specifications, 1 for the rest.
 */
public final class SubmitException extends RuntimeException {

    /** Exit status for option syntax and value specification errors. */
    public static final int BAD_OPTION = 255;
    /** Exit status for other refusals (scripts, numeric values, conflicting options). */
    public static final int ERROR = 1;

    private final int exitCode;
    private final boolean fatal;
    private final boolean getopt;
    private final boolean adjustable;

    private SubmitException(String message, int exitCode, boolean fatal, boolean getopt, boolean adjustable) {
        super(Objects.requireNonNull(message, "message is null"));
        this.exitCode = exitCode;
        this.fatal = fatal;
        this.getopt = getopt;
        this.adjustable = adjustable;
    }

    private SubmitException(String message, int exitCode, boolean fatal, boolean getopt) {
        this(message, exitCode, fatal, getopt, false);
    }

    /** {@code Invalid --time specification}, as for every option whose value has a syntax. */
    public static SubmitException invalidSpecification(String longName) {
        return new SubmitException("Invalid --" + longName + " specification", BAD_OPTION, false, false);
    }

    /** {@code Invalid numeric value "x" for --ntasks.}, for counts that must be positive integers. */
    public static SubmitException invalidNumber(String value, String longName) {
        return failure("Invalid numeric value \"" + value + "\" for --" + longName + ".");
    }

    public static SubmitException badOption(String message) {
        return new SubmitException(message, BAD_OPTION, false, false);
    }

    /** A refusal whose status {@code SLURM_EXIT_ERROR} may change, as it does for script and GRES errors. */
    public static SubmitException error(String message) {
        return new SubmitException(message, ERROR, false, false, true);
    }

    /** A refusal whose status is always 1, as Slurm's for a bad count or an unreadable export file. */
    public static SubmitException failure(String message) {
        return new SubmitException(message, ERROR, false, false);
    }

    /** Slurm reports conflicting options as fatal; the word shows in the message prefix. */
    public static SubmitException fatal(String message) {
        return new SubmitException(message, ERROR, true, false);
    }

    /** A command line getopt refuses; printed without {@code error:} and followed by a hint to use --help. */
    public static SubmitException getopt(String message) {
        return new SubmitException(message, BAD_OPTION, false, true);
    }

    /** The same refusal, naming where the offending value came from (a script line, a variable). */
    public SubmitException from(OptionSource source) {
        String where = source.describe();
        return where.isEmpty() ? this
                : new SubmitException(where + ": " + getMessage(), exitCode, fatal, getopt, adjustable);
    }

    public int exitCode() {
        return exitCode;
    }

    /**
     * The exit status when the user has set {@code SLURM_EXIT_ERROR}, which Slurm's client applies to some
     * refusals only (a missing or malformed script, a bad GRES request) and ignores when it is not a number.
     */
    public int exitCode(String slurmExitError) {
        if (adjustable && slurmExitError != null && !slurmExitError.isEmpty()) {
            try {
                return Integer.parseInt(slurmExitError);
            } catch (NumberFormatException notANumber) {
                return exitCode;
            }
        }
        return exitCode;
    }

    /** The lines to print on standard error, each already prefixed with {@code program: }. */
    public String render(String program) {
        if (getopt) {
            return program + ": " + getMessage() + "\nTry \"" + program + " --help\" for more information\n";
        }
        String prefix = program + (fatal ? ": fatal: " : ": error: ");
        StringBuilder lines = new StringBuilder();
        for (String line : getMessage().split("\n")) {
            lines.append(prefix).append(line).append('\n');
        }
        return lines.toString();
    }
}
