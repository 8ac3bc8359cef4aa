package io.jslurm.slurmd.prolog;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Applies what a TaskProlog printed to the task's environment, as slurmstepd does: a line
 * {@code export NAME=value} sets a variable, {@code unset NAME} removes one, and {@code print ...}
 * is text for the task's standard output. Other lines are ignored.
 */
public final class TaskPrologOutput {

    private static final Pattern EXPORT = Pattern.compile("^export\\s+([A-Za-z_][A-Za-z0-9_]*)=(.*)$");
    private static final Pattern UNSET = Pattern.compile("^unset\\s+([A-Za-z_][A-Za-z0-9_]*)\\s*$");
    private static final Pattern PRINT = Pattern.compile("^print\\s(.*)$");

    private TaskPrologOutput() {
    }

    /**
     * Changes {@code env} in place.
     *
     * @return the lines to print on the task's stdout, in order
     */
    public static List<String> apply(String output, Map<String, String> env) {
        List<String> printed = new ArrayList<>();
        for (String line : output.split("\n", -1)) {
            Matcher m;
            if ((m = EXPORT.matcher(line)).matches()) {
                env.put(m.group(1), m.group(2));
            } else if ((m = UNSET.matcher(line)).matches()) {
                env.remove(m.group(1));
            } else if ((m = PRINT.matcher(line)).matches()) {
                printed.add(m.group(1));
            }
        }
        return printed;
    }
}
