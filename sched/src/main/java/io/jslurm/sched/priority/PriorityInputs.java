package io.jslurm.sched.priority;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.Map;
import java.util.OptionalLong;

/**
 * What the multifactor priority of one job depends on.
 *
 * @param eligibleTime  when the job became eligible (age counts from here, not from submission)
 * @param fairShare     the fair-share factor, 0..1, computed from usage elsewhere
 * @param assocFactor   the association priority factor, 0..1
 * @param tres          requested amount of each TRES, by name
 * @param nice          --nice; positive lowers the priority
 * @param adminPriority set by an administrator (scontrol update priority=): replaces the computed value
 * @param timeLimitMinutes the job's time limit, 0 when it has none (for SMALL_RELATIVE_TO_TIME)
 */
public record PriorityInputs(Instant eligibleTime, double fairShare, double assocFactor, int nodes, long cpus,
        int partitionJobFactor, long qosPriority, Map<String, Double> tres, int nice, OptionalLong adminPriority,
        long timeLimitMinutes) {

    public PriorityInputs {
        requireNonNull(eligibleTime, "eligibleTime is null");
        tres = Map.copyOf(requireNonNull(tres, "tres is null"));
        requireNonNull(adminPriority, "adminPriority is null");
        checkFactor("fairShare", fairShare);
        checkFactor("assocFactor", assocFactor);
    }

    public PriorityInputs(Instant eligibleTime, double fairShare, double assocFactor, int nodes, long cpus,
            int partitionJobFactor, long qosPriority, Map<String, Double> tres, int nice,
            OptionalLong adminPriority) {
        this(eligibleTime, fairShare, assocFactor, nodes, cpus, partitionJobFactor, qosPriority, tres, nice,
                adminPriority, 0);
    }

    private static void checkFactor(String name, double value) {
        if (!(value >= 0 && value <= 1)) {
            throw new IllegalArgumentException(name + " must be within 0..1: " + value);
        }
    }
}
