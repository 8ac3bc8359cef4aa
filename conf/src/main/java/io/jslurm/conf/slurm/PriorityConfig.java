package io.jslurm.conf.slurm;

import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The multifactor priority settings: plugin, factor weights, age cap, usage decay and flags.
 *
 * @param weightTres weight per TRES, by normalized TRES name ({@code cpu}, {@code mem}, {@code gres/gpu})
 */
public record PriorityConfig(PriorityPlugin type, long weightAge, long weightAssoc, long weightFairshare,
                             long weightJobSize, long weightPartition, long weightQos, Map<String, Long> weightTres,
                             Duration maxAge, Duration decayHalfLife, boolean favorSmall, Set<PriorityFlag> flags) {

    public PriorityConfig {
        Objects.requireNonNull(type, "type");
        weightTres = Map.copyOf(weightTres);
        Objects.requireNonNull(maxAge, "maxAge");
        Objects.requireNonNull(decayHalfLife, "decayHalfLife");
        flags = Set.copyOf(flags);
    }
}
