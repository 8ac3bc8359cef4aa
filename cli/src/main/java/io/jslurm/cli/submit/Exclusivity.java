package io.jslurm.cli.submit;

import java.util.Locale;

/** {@code --exclusive[=user|mcs]}: with whom the job refuses to share its nodes. */
public enum Exclusivity {
    /** Nobody: the nodes are the job's alone. */
    EXCLUSIVE,
    /** Only jobs of the same user. */
    USER,
    /** Only jobs with the same MCS label. */
    MCS;

    /** The option's value; null when it was given bare. */
    public static Exclusivity parse(String value) {
        if (value == null) {
            return EXCLUSIVE;
        }
        return switch (value.toLowerCase(Locale.ROOT)) {
            case "user" -> USER;
            case "mcs" -> MCS;
            default -> throw SubmitException.invalidSpecification("exclusive");
        };
    }
}
