package io.jslurm.sched.testing;

import io.jslurm.sched.model.Allocation;
import io.jslurm.sched.model.CoreSet;
import io.jslurm.sched.model.NodeAllocation;
import io.jslurm.sched.model.RunningJob;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** {@code running(500).on("gpu01", CoreSet.range(0, 64), 512 * 1024, 0, 1, 2, 3).endsIn(hours(2))}. */
public final class RunningJobBuilder {

    private final long id;
    private String partition = "batch";
    private final List<NodeAllocation> nodes = new ArrayList<>();
    private Optional<Duration> endsIn = Optional.of(Duration.ofHours(1));
    private boolean shared;

    private RunningJobBuilder(long id) {
        this.id = id;
    }

    public static RunningJobBuilder running(long id) {
        return new RunningJobBuilder(id);
    }

    public RunningJobBuilder partition(String name) {
        partition = name;
        return this;
    }

    public RunningJobBuilder on(String node, CoreSet cores, long memoryMib, Integer... gpus) {
        nodes.add(new NodeAllocation(node, 1, cores, memoryMib, List.of(gpus)));
        return this;
    }

    public RunningJobBuilder endsIn(Duration remaining) {
        endsIn = Optional.of(remaining);
        return this;
    }

    /** The job shares its cores (it ran with OverSubscribe). */
    public RunningJobBuilder shared() {
        shared = true;
        return this;
    }

    public RunningJobBuilder noTimeLimit() {
        endsIn = Optional.empty();
        return this;
    }

    List<NodeAllocation> allocations() {
        return nodes;
    }

    RunningJob build(Instant now) {
        return new RunningJob(id, partition, new Allocation(nodes), endsIn.map(now::plus), shared);
    }
}
