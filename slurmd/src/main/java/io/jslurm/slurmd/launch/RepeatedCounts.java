package io.jslurm.slurmd.launch;

import java.util.List;

/**
 * Slurm's run-length form for per-node counts, as in SLURM_TASKS_PER_NODE and
 * SLURM_JOB_CPUS_PER_NODE: equal neighbours are written once with {@code (xN)}, so
 * {@code [2, 2, 2, 1]} is {@code 2(x3),1}.
 */
public final class RepeatedCounts {
    private RepeatedCounts() {
    }

    public static String format(List<Integer> counts) {
        if (counts.isEmpty()) {
            throw new IllegalArgumentException("no counts to format");
        }
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < counts.size()) {
            int value = counts.get(i);
            int run = 1;
            while (i + run < counts.size() && counts.get(i + run) == value) {
                run++;
            }
            if (out.length() > 0) {
                out.append(',');
            }
            out.append(value);
            if (run > 1) {
                out.append("(x").append(run).append(')');
            }
            i += run;
        }
        return out.toString();
    }
}
