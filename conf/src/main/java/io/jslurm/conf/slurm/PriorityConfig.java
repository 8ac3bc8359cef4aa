package io.jslurm.conf.slurm;

import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/** The multifactor priority settings: plugin, factor weights, age cap, usage decay and flags. */
public record PriorityConfig(PriorityPlugin type, long weightAge, long weightAssoc, long weightFairshare,
                             long weightJobSize, long weightPartition, long weightQos, Map<String, String> weightTres,
                             Duration maxAge, Duration decayHalfLife, boolean favorSmall, Set<PriorityFlag> flags) {

    public PriorityConfig {
        Objects.requireNonNull(type, "type");
        weightTres = Map.copyOf(weightTres);
        Objects.requireNonNull(maxAge, "maxAge");
        Objects.requireNonNull(decayHalfLife, "decayHalfLife");
        flags = Set.copyOf(flags);
    }
}
