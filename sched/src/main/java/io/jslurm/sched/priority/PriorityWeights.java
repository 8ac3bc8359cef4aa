package io.jslurm.sched.priority;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.Map;

/**
 * The PriorityWeight* settings of priority/multifactor, PriorityMaxAge and PriorityFavorSmall.
 *
 * @param tres                PriorityWeightTRES, by TRES name ("cpu", "mem", "gres/gpu", ...)
 * @param smallRelativeToTime PriorityFlags=SMALL_RELATIVE_TO_TIME: the job size is divided by the time limit
 */
public record PriorityWeights(long age, long fairshare, long jobSize, long partition, long qos, long assoc,
        Map<String, Long> tres, Duration maxAge, boolean favorSmall, boolean smallRelativeToTime) {

    /** Slurm's defaults: every weight 0, PriorityMaxAge 7 days, PriorityFavorSmall NO. */
    public static final PriorityWeights NONE = new PriorityWeights(0, 0, 0, 0, 0, 0, Map.of(), Duration.ofDays(7),
            false);

    public PriorityWeights {
        tres = Map.copyOf(requireNonNull(tres, "tres is null"));
        requireNonNull(maxAge, "maxAge is null");
        if (age < 0 || fairshare < 0 || jobSize < 0 || partition < 0 || qos < 0 || assoc < 0
                || tres.values().stream().anyMatch(weight -> weight < 0)) {
            throw new IllegalArgumentException("priority weights must not be negative");
        }
    }

    public PriorityWeights(long age, long fairshare, long jobSize, long partition, long qos, long assoc,
            Map<String, Long> tres, Duration maxAge, boolean favorSmall) {
        this(age, fairshare, jobSize, partition, qos, assoc, tres, maxAge, favorSmall, false);
    }
}
