package io.jslurm.slurmd.cgroup;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A step as its cgroup directory names it: {@code batch} (the batch script), {@code extern}
 * (processes adopted into the allocation, e.g. by ssh), {@code interactive}, or a step number.
 * The directory is {@code step_<name>}.
 */
public record StepName(String value) {
    private static final Pattern VALID = Pattern.compile("batch|extern|interactive|\\d+");

    public static final StepName BATCH = new StepName("batch");
    public static final StepName EXTERN = new StepName("extern");
    public static final StepName INTERACTIVE = new StepName("interactive");

    public StepName {
        Objects.requireNonNull(value, "value");
        if (!VALID.matcher(value).matches()) {
            throw new IllegalArgumentException("not a step name: '" + value + "'");
        }
    }

    public static StepName of(int stepId) {
        if (stepId < 0) {
            throw new IllegalArgumentException("step id must not be negative: " + stepId);
        }
        return new StepName(Integer.toString(stepId));
    }

    /** Reads a directory name {@code step_<name>}. */
    public static StepName fromDirectory(String directoryName) {
        if (!directoryName.startsWith(CgroupLayout.STEP_PREFIX)) {
            throw new IllegalArgumentException("not a step directory: '" + directoryName + "'");
        }
        return new StepName(directoryName.substring(CgroupLayout.STEP_PREFIX.length()));
    }

    public String directoryName() {
        return CgroupLayout.STEP_PREFIX + value;
    }

    @Override
    public String toString() {
        return value;
    }
}
