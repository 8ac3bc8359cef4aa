package io.jslurm.cli.submit;

/** {@code --open-mode}: whether the job's output and error files are appended to or truncated. */
public enum OpenMode {
    APPEND, TRUNCATE;

    /** Slurm decides on the first letter, so {@code a}, {@code append} and {@code always} all append. */
    public static OpenMode parse(String value) {
        if (!value.isEmpty()) {
            char first = Character.toLowerCase(value.charAt(0));
            if (first == 'a') {
                return APPEND;
            }
            if (first == 't') {
                return TRUNCATE;
            }
        }
        throw SubmitException.invalidSpecification("open-mode");
    }
}
