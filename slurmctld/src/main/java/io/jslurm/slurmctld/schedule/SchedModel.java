package io.jslurm.slurmctld.schedule;

import io.jslurm.common.hostlist.Hostlist;
import io.jslurm.common.time.TimeLimit;
import io.jslurm.conf.slurm.NodeConfig;
import io.jslurm.conf.slurm.PartitionConfig;
import io.jslurm.sched.model.Constraint;
import io.jslurm.sched.model.CoreSet;
import io.jslurm.sched.model.GpuRequest;
import io.jslurm.sched.model.GresDevice;
import io.jslurm.sched.model.MemoryRequest;
import io.jslurm.sched.model.Node;
import io.jslurm.sched.model.NodeState;
import io.jslurm.sched.model.OverSubscribe;
import io.jslurm.sched.model.Partition;
import io.jslurm.sched.model.PartitionState;
import io.jslurm.sched.model.ResourceRequest;
import io.jslurm.slurmctld.job.GresRequest;
import io.jslurm.slurmctld.job.JobSpec;
import io.jslurm.slurmctld.node.NodeBaseState;
import io.jslurm.slurmctld.node.NodeView;
import io.jslurm.protocol.proto.Gpu;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/** Translates the controller's records into the scheduler core's model: jobs, nodes and partitions. */
public final class SchedModel {

    private SchedModel() {
    }

    /** What a job asks for, with sbatch's defaults filled in (one node, one task per node, one CPU per task). */
    public static ResourceRequest request(JobSpec spec) {
        var r = spec.resources();
        int minNodes = Math.max(1, r.minNodes());
        int maxNodes = r.maxNodes() == 0 ? minNodes : Math.max(minNodes, r.maxNodes());
        int ntasks = r.ntasks() > 0 ? r.ntasks() : r.ntasksPerNode() > 0 ? r.ntasksPerNode() * minNodes : minNodes;
        OptionalInt perNode = r.ntasksPerNode() > 0 ? OptionalInt.of(r.ntasksPerNode()) : OptionalInt.empty();
        return new ResourceRequest(minNodes, maxNodes, ntasks, perNode, Math.max(1, r.cpusPerTask()),
                memory(r.memory()), gpus(r.gres()), r.cpusPerGpu(), spec.exclusive(), hosts(spec.nodeList()),
                hosts(spec.exclude()), constraint(spec.constraint()), r.contiguous(), spec.oversubscribe());
    }

    private static MemoryRequest memory(io.jslurm.slurmctld.job.MemoryRequest memory) {
        return switch (memory.per()) {
            case NONE -> MemoryRequest.DEFAULT;
            case NODE -> new MemoryRequest.PerNode(memory.mebibytes());
            case CPU -> new MemoryRequest.PerCpu(memory.mebibytes());
            case GPU -> new MemoryRequest.PerGpu(memory.mebibytes());
        };
    }

    private static GpuRequest gpus(List<GresRequest> gres) {
        for (GresRequest g : gres) {
            if (g.name().equals("gpu") && g.count() > 0) {
                int count = Math.toIntExact(g.count());
                return switch (g.per()) {
                    case NODE, SOCKET -> new GpuRequest.PerNode(count, g.type());
                    case JOB -> new GpuRequest.Total(count, g.type());
                    case TASK -> new GpuRequest.PerTask(count, g.type());
                };
            }
        }
        return GpuRequest.NONE;
    }

    private static Set<String> hosts(String hostlist) {
        return hostlist.isBlank() ? Set.of() : new HashSet<>(Hostlist.parse(hostlist).hosts());
    }

    /** {@code a&b|c}, with {@code ,} read as {@code &} as Slurm does. */
    static Constraint constraint(String text) {
        if (text.isBlank()) {
            return Constraint.NONE;
        }
        List<Constraint> alternatives = new ArrayList<>();
        for (String alternative : text.split("\\|")) {
            Constraint[] features = Arrays.stream(alternative.split("[&,]")).map(String::strip)
                    .filter(f -> !f.isEmpty()).map(Constraint::feature).toArray(Constraint[]::new);
            alternatives.add(Constraint.and(features));
        }
        return alternatives.size() == 1 ? alternatives.get(0) : Constraint.or(alternatives.toArray(Constraint[]::new));
    }

    public static Partition partition(PartitionConfig p) {
        return new Partition(p.name(), p.nodes().hosts(), duration(p.maxTime()), p.defaultTime().flatMap(SchedModel::duration),
                p.maxNodes(), p.priorityTier(), p.priorityJobFactor(),
                OverSubscribe.valueOf(p.overSubscribe().mode().name()), PartitionState.valueOf(p.state().name()),
                p.overSubscribe().maxShare());
    }

    private static Optional<Duration> duration(TimeLimit limit) {
        return limit.isUnlimited() ? Optional.empty() : Optional.of(limit.toDuration());
    }

    /** Memory jobs may use: RealMemory less MemSpecLimit. */
    public static long usableMemory(NodeConfig config) {
        return Math.max(0, config.realMemory().mebibytes() - config.memSpecLimit().mebibytes());
    }

    public static Node node(NodeView view, Allocations.NodeUsage usage) {
        NodeConfig c = view.config();
        long memory = usableMemory(c);
        int cores = Math.max(1, c.sockets()) * Math.max(1, c.coresPerSocket());
        CoreSet allocatedCores = CoreSet.copyOf(usage.cores().toBitSet().get(0, cores));
        return new Node(c.name(), Math.max(1, c.sockets()), Math.max(1, c.coresPerSocket()),
                Math.max(1, c.threadsPerCore()), memory, gpus(view), Set.copyOf(c.features()), c.weight(),
                state(view), view.reason(), allocatedCores, Math.min(memory, usage.memoryMib()), usage.gpus());
    }

    /** The node's GPUs: as its slurmd reported them, else as many as slurm.conf's Gres= promises. */
    public static List<GresDevice> gpus(NodeView view) {
        var gpuEntries = view.config().gres().entries().stream().filter(g -> g.name().equals(GresDevice.GPU)).toList();
        String configuredType = gpuEntries.isEmpty() ? "" : gpuEntries.get(0).type().orElse("");
        List<Gpu> reported = view.registration().map(r -> r.getGpusList()).orElse(List.of());
        List<GresDevice> devices = new ArrayList<>();
        if (!reported.isEmpty()) {
            for (Gpu gpu : reported) {
                String type = gpu.getType().isEmpty() ? configuredType : gpu.getType();
                devices.add(new GresDevice(GresDevice.GPU, type, gpu.getIndex(), CoreSet.empty()));
            }
            return devices;
        }
        int index = 0;
        for (var entry : gpuEntries) {
            for (long i = 0; i < entry.count(); i++) {
                devices.add(new GresDevice(GresDevice.GPU, entry.type().orElse(""), index++, CoreSet.empty()));
            }
        }
        return devices;
    }

    /** Every node up and empty: what the cluster could offer at best, to refuse requests that can never run. */
    public static io.jslurm.sched.model.ClusterSnapshot emptyCluster(List<NodeView> views,
                                                                     io.jslurm.slurmctld.config.ClusterConfig cfg) {
        List<Node> nodes = new ArrayList<>();
        for (NodeView view : views) {
            Node node = node(view, Allocations.NodeUsage.NONE);
            nodes.add(new Node(node.name(), node.sockets(), node.coresPerSocket(), node.threadsPerCore(),
                    node.memoryMib(), node.gres(), node.features(), node.weight(), NodeState.UP, "", CoreSet.empty(),
                    0, Set.of()));
        }
        return new io.jslurm.sched.model.ClusterSnapshot(nodes,
                cfg.slurm().partitions().stream().map(SchedModel::partition).toList(), List.of());
    }

    private static NodeState state(NodeView view) {
        if (view.schedulable()) {
            return NodeState.UP;
        }
        if (view.base() == NodeBaseState.FUTURE) {
            return NodeState.FUTURE;
        }
        return view.drain() && view.base() == NodeBaseState.UP ? NodeState.DRAINED : NodeState.DOWN;
    }
}
