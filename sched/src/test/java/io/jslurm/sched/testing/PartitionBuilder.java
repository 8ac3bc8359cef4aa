package io.jslurm.sched.testing;

import io.jslurm.common.hostlist.Hostlist;
import io.jslurm.sched.model.OverSubscribe;
import io.jslurm.sched.model.Partition;
import io.jslurm.sched.model.PartitionState;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/** Reads as slurm.conf: {@code partition("gpu").nodes("gpu[01-16]").maxTime(hours(48)).tier(2)}. */
public final class PartitionBuilder {

    private final String name;
    private List<String> nodes = List.of();
    private Optional<Duration> maxTime = Optional.empty();
    private Optional<Duration> defaultTime = Optional.empty();
    private OptionalInt maxNodes = OptionalInt.empty();
    private int tier = 1;
    private OverSubscribe overSubscribe = OverSubscribe.NO;
    private PartitionState state = PartitionState.UP;
    private int maxShare;

    private PartitionBuilder(String name) {
        this.name = name;
    }

    public static PartitionBuilder partition(String name) {
        return new PartitionBuilder(name);
    }

    public PartitionBuilder nodes(String hostlist) {
        nodes = Hostlist.parse(hostlist).hosts();
        return this;
    }

    public PartitionBuilder nodes(List<String> names) {
        nodes = List.copyOf(names);
        return this;
    }

    public PartitionBuilder maxTime(Duration limit) {
        maxTime = Optional.of(limit);
        return this;
    }

    public PartitionBuilder defaultTime(Duration limit) {
        defaultTime = Optional.of(limit);
        return this;
    }

    public PartitionBuilder maxNodes(int count) {
        maxNodes = OptionalInt.of(count);
        return this;
    }

    public PartitionBuilder tier(int value) {
        tier = value;
        return this;
    }

    public PartitionBuilder overSubscribe(OverSubscribe value) {
        overSubscribe = value;
        return this;
    }

    /** OverSubscribe=YES:N or FORCE:N. */
    public PartitionBuilder overSubscribe(OverSubscribe value, int share) {
        overSubscribe = value;
        maxShare = share;
        return this;
    }

    public PartitionBuilder state(PartitionState value) {
        state = value;
        return this;
    }

    boolean hasNodes() {
        return !nodes.isEmpty();
    }

    public Partition build() {
        return maxShare > 0
                ? new Partition(name, nodes, maxTime, defaultTime, maxNodes, tier, 1, overSubscribe, state, maxShare)
                : new Partition(name, nodes, maxTime, defaultTime, maxNodes, tier, 1, overSubscribe, state);
    }
}
