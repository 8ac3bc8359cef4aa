package io.jslurm.slurmctld.job;

import java.util.Objects;

/**
 * A count of generic resources, optionally of one type: {@code --gres=gpu:a100:2} is per node,
 * {@code --gpus=8} per job, {@code --gpus-per-task=1} per task.
 *
 * @param type the GRES type ({@code a100}), empty when any type will do
 */
public record GresRequest(String name, String type, long count, Per per) {

    public enum Per { NODE, JOB, TASK, SOCKET }

    public GresRequest {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(per, "per");
        if (name.isEmpty()) {
            throw new IllegalArgumentException("GRES name is empty");
        }
        if (count < 0) {
            throw new IllegalArgumentException("GRES count is negative: " + count);
        }
    }

    public static GresRequest gpusPerNode(String type, long count) {
        return new GresRequest("gpu", type, count, Per.NODE);
    }

    /** The {@code --gpus} form, {@code [type:]count}. */
    public String typedCount() {
        return type.isEmpty() ? Long.toString(count) : type + ":" + count;
    }

    /** Slurm's {@code name[:type]:count} form. */
    @Override
    public String toString() {
        return type.isEmpty() ? name + ":" + count : name + ":" + type + ":" + count;
    }
}
