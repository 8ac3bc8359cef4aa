package io.jslurm.sched.model;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A partition: an ordered set of nodes with limits.
 *
 * @param nodes             node names, in slurm.conf order (the order "contiguous" refers to)
 * @param maxTime           MaxTime; empty is UNLIMITED
 * @param defaultTime       DefaultTime; empty falls back to MaxTime
 * @param maxNodes          MaxNodes per job; empty is UNLIMITED
 * @param priorityTier      PriorityTier: higher tiers are scheduled first
 * @param priorityJobFactor PriorityJobFactor: the partition factor of multifactor priority
 * @param maxShare          OverSubscribe's N: how many jobs may share one core under YES:N or FORCE:N
 */
public record Partition(
        String name,
        List<String> nodes,
        Optional<Duration> maxTime,
        Optional<Duration> defaultTime,
        OptionalInt maxNodes,
        int priorityTier,
        int priorityJobFactor,
        OverSubscribe overSubscribe,
        PartitionState state,
        int maxShare) {

    public Partition {
        requireNonNull(name, "name is null");
        nodes = List.copyOf(requireNonNull(nodes, "nodes is null"));
        requireNonNull(maxTime, "maxTime is null");
        requireNonNull(defaultTime, "defaultTime is null");
        requireNonNull(maxNodes, "maxNodes is null");
        requireNonNull(overSubscribe, "overSubscribe is null");
        requireNonNull(state, "state is null");
        if (maxShare < 1) {
            throw new IllegalArgumentException("partition " + name + ": OverSubscribe share count must be at least 1");
        }
    }

    /** A partition with Slurm's share count for its OverSubscribe mode: 4 for YES and FORCE without :N. */
    public Partition(String name, List<String> nodes, Optional<Duration> maxTime, Optional<Duration> defaultTime,
            OptionalInt maxNodes, int priorityTier, int priorityJobFactor, OverSubscribe overSubscribe,
            PartitionState state) {
        this(name, nodes, maxTime, defaultTime, maxNodes, priorityTier, priorityJobFactor, overSubscribe, state,
                overSubscribe == OverSubscribe.YES || overSubscribe == OverSubscribe.FORCE ? 4 : 1);
    }

    /** The limit a job without its own time limit runs under; empty when unlimited. */
    public Optional<Duration> timeLimitFor(Optional<Duration> requested) {
        return requested.or(() -> defaultTime).or(() -> maxTime);
    }
}
