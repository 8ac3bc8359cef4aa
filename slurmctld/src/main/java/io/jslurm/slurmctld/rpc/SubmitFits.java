package io.jslurm.slurmctld.rpc;

import io.jslurm.conf.slurm.NodeConfig;
import io.jslurm.conf.slurm.PartitionConfig;
import io.jslurm.protocol.proto.NodeRegistration;
import io.jslurm.sched.model.ClusterSnapshot;
import io.jslurm.sched.model.Partition;
import io.jslurm.sched.model.ResourceRequest;
import io.jslurm.sched.select.FitResult;
import io.jslurm.sched.select.FreeResources;
import io.jslurm.sched.select.ResourceFit;
import io.jslurm.slurmctld.config.ClusterConfig;
import io.jslurm.slurmctld.node.NodeTable;
import io.jslurm.slurmctld.node.NodeView;
import io.jslurm.slurmctld.schedule.SchedModel;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Whether a job shape could run in a partition if every node were up and empty, remembered per shape: a storm of
 * submissions mostly repeats a few shapes, and building the empty cluster and fitting into it cost more than the
 * rest of a submission. What is remembered holds while slurm.conf and every node's hardware (its configuration and
 * the GPUs its slurmd registered) stay the same objects; any change starts afresh.
 */
final class SubmitFits {

    /** Shapes remembered at most; past that the memory starts over (a few thousand distinct shapes is unusual). */
    static final int MAX_SHAPES = 4096;

    /** Why a shape cannot run anywhere it asked for: the last partition's detail, and whether nodes were outside. */
    record Outcome(boolean fits, boolean notInPartition, String detail) {
        static final Outcome FITS = new Outcome(true, false, "");
    }

    private record Shape(ResourceRequest request, List<String> partitions) {
    }

    /** What every answer of one cluster generation was computed from. */
    private record Generation(ClusterConfig config, NodeConfig[] nodes, NodeRegistration[] registrations,
                              ClusterSnapshot empty, ResourceFit fit, Map<Shape, Outcome> outcomes) {

        boolean describes(ClusterConfig current, List<NodeView> views) {
            if (current != config || views.size() != nodes.length) {
                return false;
            }
            for (int i = 0; i < nodes.length; i++) {
                NodeView view = views.get(i);
                if (view.config() != nodes[i] || view.registration().orElse(null) != registrations[i]) {
                    return false;
                }
            }
            return true;
        }
    }

    private final Supplier<ClusterConfig> config;
    private final NodeTable nodes;
    private volatile Generation generation;

    SubmitFits(Supplier<ClusterConfig> config, NodeTable nodes) {
        this.config = config;
        this.nodes = nodes;
    }

    /** Whether {@code request} fits at least one of {@code partitions} on the empty cluster. */
    Outcome check(ResourceRequest request, List<PartitionConfig> partitions) {
        Generation current = current();
        // Per submission on the event loop: most name one partition, which needs no stream.
        Shape shape = new Shape(request, partitions.size() == 1 ? List.of(partitions.get(0).name())
                : partitions.stream().map(PartitionConfig::name).toList());
        Outcome known = current.outcomes().get(shape);
        if (known != null) {
            return known;
        }
        Outcome outcome = compute(current, request, partitions);
        if (current.outcomes().size() >= MAX_SHAPES) {
            current.outcomes().clear();
        }
        current.outcomes().put(shape, outcome);
        return outcome;
    }

    private static Outcome compute(Generation current, ResourceRequest request, List<PartitionConfig> partitions) {
        String detail = "";
        boolean notInPartition = false;
        for (PartitionConfig p : partitions) {
            Partition partition = SchedModel.partition(p);
            // Fresh free resources each time: a fit only reads them, but they are mutable and shared by threads here.
            FitResult result = current.fit().fit(request, partition, FreeResources.of(current.empty()));
            if (result.fits()) {
                return Outcome.FITS;
            }
            FitResult.NoFit no = (FitResult.NoFit) result;
            notInPartition |= no.failure() == FitResult.Failure.REQUIRED_NODE_NOT_IN_PARTITION;
            detail = no.detail();
        }
        return new Outcome(false, notInPartition, detail);
    }

    private Generation current() {
        ClusterConfig cfg = config.get();
        List<NodeView> views = nodes.all();
        Generation known = generation;
        if (known != null && known.describes(cfg, views)) {
            return known;
        }
        NodeConfig[] configs = new NodeConfig[views.size()];
        NodeRegistration[] registrations = new NodeRegistration[views.size()];
        for (int i = 0; i < configs.length; i++) {
            configs[i] = views.get(i).config();
            registrations[i] = views.get(i).registration().orElse(null);
        }
        Generation fresh = new Generation(cfg, configs, registrations, SchedModel.emptyCluster(views, cfg),
                new ResourceFit(cfg.schedulerParams().select()), new ConcurrentHashMap<>());
        generation = fresh;
        return fresh;
    }
}
