package io.jslurm.cli.srun;

/**
 * {@code --label}: each line a task writes starts with its task id, right-aligned to the width of the highest
 * id of the step, then a colon and a space ({@code " 3: "} among 16 tasks).
 */
public record TaskLabel(int width) {

    public TaskLabel {
        if (width < 1) {
            throw new IllegalArgumentException("label width must be positive: " + width);
        }
    }

    public static TaskLabel forTasks(int ntasks) {
        return new TaskLabel(Integer.toString(Math.max(0, ntasks - 1)).length());
    }

    public String prefix(int task) {
        String id = Integer.toString(task);
        return " ".repeat(Math.max(0, width - id.length())) + id + ": ";
    }
}
