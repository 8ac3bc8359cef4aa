package io.jslurm.cli.submit;

import io.jslurm.common.text.Numbers;
import java.util.Locale;

/**
 * {@code --priority}: a fixed priority for the job, or {@code TOP} for the highest an operator may give.
 *
 * @param value the priority; ignored when {@code top}
 */
public record Priority(long value, boolean top) {

    public static final Priority TOP = new Priority(0, true);

    public Priority {
        if (value < 0) {
            throw new IllegalArgumentException("priority is negative: " + value);
        }
    }

    public static Priority parse(String text) {
        if (text.toUpperCase(Locale.ROOT).equals("TOP")) {
            return TOP;
        }
        // Slurm reads a non-number as 0; refusing it is safer than silently holding the job at the bottom.
        if (!Numbers.isDigits(text) || text.length() > 10) {
            throw SubmitException.invalidSpecification("priority");
        }
        return new Priority(Long.parseLong(text), false);
    }

    @Override
    public String toString() {
        return top ? "TOP" : Long.toString(value);
    }
}
