package io.jslurm.slurmctld.resv;

import io.jslurm.common.time.TimeLimit;
import io.jslurm.slurmctld.config.ClusterConfig;
import io.jslurm.slurmctld.job.Job;
import io.jslurm.slurmctld.node.NodeTable;
import io.jslurm.slurmctld.node.NodeView;
import io.jslurm.slurmctld.schedule.Allocations;
import io.jslurm.slurmctld.schedule.JobControl;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/** The cluster as the controller holds it now: its node table, slurm.conf and the running jobs' allocations. */
public final class LiveCluster implements ResvCluster {

    private final NodeTable nodes;
    private final Supplier<ClusterConfig> config;
    private final Allocations allocations;
    private final JobControl control;

    public LiveCluster(NodeTable nodes, Supplier<ClusterConfig> config, Allocations allocations, JobControl control) {
        this.nodes = nodes;
        this.config = config;
        this.allocations = allocations;
        this.control = control;
    }

    @Override
    public List<String> nodes() {
        return nodes.all().stream().map(NodeView::name).toList();
    }

    @Override
    public Optional<List<String>> partitionNodes(String partition) {
        return config.get().partition(partition).map(p -> p.nodes().hosts());
    }

    @Override
    public boolean busyAt(Collection<String> names, Instant at) {
        for (long jobId : allocations.jobsOn(Set.copyOf(names))) {
            Optional<Job> job = control.store().get(jobId);
            if (job.isEmpty()) {
                continue;
            }
            TimeLimit limit = control.timeLimit(job.get(), job.get().spec().partition());
            if (limit.isUnlimited()
                    || Instant.ofEpochSecond(job.get().status().startTime()).plus(limit.toDuration()).isAfter(at)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public int cores(String node) {
        return nodes.all().stream().filter(n -> n.name().equals(node)).findFirst()
                .map(n -> Math.max(1, n.config().sockets()) * Math.max(1, n.config().coresPerSocket())
                        * Math.max(1, n.config().threadsPerCore()))
                .orElse(0);
    }
}
