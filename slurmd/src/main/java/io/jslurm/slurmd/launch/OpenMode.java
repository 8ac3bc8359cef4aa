package io.jslurm.slurmd.launch;

/** sbatch's {@code --open-mode}: whether the output and error files are appended to or truncated. */
public enum OpenMode {
    APPEND,
    TRUNCATE;

    /** The option's value as sbatch spells it: {@code append} or {@code truncate}. */
    public static OpenMode parse(String value) {
        switch (value) {
            case "append":
                return APPEND;
            case "truncate":
                return TRUNCATE;
            default:
                throw new IllegalArgumentException("invalid --open-mode: " + value);
        }
    }
}
