package io.jslurm.sched.testing;

import io.jslurm.sched.Scheduler;
import io.jslurm.sched.SchedulerParams;
import io.jslurm.sched.model.ClusterSnapshot;
import io.jslurm.sched.model.CoreSet;
import io.jslurm.sched.model.Node;
import io.jslurm.sched.model.NodeAllocation;
import io.jslurm.sched.model.Partition;
import io.jslurm.sched.model.PendingJob;
import io.jslurm.sched.plan.Plan;
import io.jslurm.sched.preempt.PreemptInput;
import io.jslurm.sched.select.SelectParams;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Set;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A cluster, its running jobs, a queue and a moment: one scheduling pass described as a test scenario. Running jobs
 * mark their resources allocated on their nodes, as the controller keeps them. Without partitions, every node is in
 * partition "batch".
 */
public final class Scenario {

    public static final Instant NOW = Instant.parse("2026-01-01T12:00:00Z");

    private final Map<String, NodeBuilder> nodes = new LinkedHashMap<>();
    private final List<PartitionBuilder> partitions = new ArrayList<>();
    private final List<RunningJobBuilder> running = new ArrayList<>();
    private final List<PendingJob> queue = new ArrayList<>();
    private SchedulerParams params = SchedulerParams.DEFAULT;
    private Instant now = NOW;
    private PreemptInput preempt = PreemptInput.NONE;

    private io.jslurm.sched.limits.LimitInputs limits = io.jslurm.sched.limits.LimitInputs.NONE;

    public static Scenario scenario() {
        return new Scenario();
    }

    /** The seed cluster: gpu[01-16], each 128 cores, 1 TiB and 8 a100, in partition "gpu". */
    public static Scenario seedCluster() {
        Scenario scenario = scenario();
        for (int i = 1; i <= 16; i++) {
            scenario.nodes(NodeBuilder.a100Node(String.format("gpu%02d", i)));
        }
        return scenario.partitions(PartitionBuilder.partition("gpu").nodes("gpu[01-16]"));
    }

    public Scenario nodes(NodeBuilder... builders) {
        for (NodeBuilder builder : builders) {
            nodes.put(builder.name(), builder);
        }
        return this;
    }

    public Scenario partitions(PartitionBuilder... builders) {
        partitions.addAll(List.of(builders));
        return this;
    }

    public Scenario running(RunningJobBuilder... jobs) {
        running.addAll(List.of(jobs));
        return this;
    }

    public boolean hasRunningJobOn(String node) {
        return running.stream().anyMatch(job -> job.allocations().stream().anyMatch(a -> a.node().equals(node)));
    }

    public Scenario queue(JobBuilder... jobs) {
        for (JobBuilder job : jobs) {
            queue.add(job.build());
        }
        return this;
    }

    public Scenario queue(List<PendingJob> jobs) {
        queue.addAll(jobs);
        return this;
    }

    private final List<io.jslurm.sched.model.AdvanceReservation> advance = new ArrayList<>();

    /** Advance reservations (scontrol create reservation). */
    public Scenario reservations(io.jslurm.sched.model.AdvanceReservation... values) {
        advance.addAll(List.of(values));
        return this;
    }

    public Scenario params(SchedulerParams value) {
        params = value;
        return this;
    }

    public Scenario select(SelectParams value) {
        params = params.withSelect(value);
        return this;
    }

    public Scenario limits(io.jslurm.sched.limits.LimitInputs value) {
        limits = value;
        return this;
    }

    public Scenario noBackfill() {
        params = params.withBackfill(params.backfill().disabled());
        return this;
    }

    public Scenario preempt(PreemptInput input) {
        preempt = input;
        return this;
    }

    public Scenario at(Instant moment) {
        now = moment;
        return this;
    }

    public Instant now() {
        return now;
    }

    public SchedulerParams params() {
        return params;
    }

    public List<PendingJob> jobs() {
        return List.copyOf(queue);
    }

    public ClusterSnapshot snapshot() {
        List<Node> built = nodes.values().stream().map(builder -> withRunningJobs(builder.build())).toList();
        List<Partition> parts = partitions.isEmpty()
                ? List.of(PartitionBuilder.partition("batch").nodes(List.copyOf(nodes.keySet())).build())
                : partitions.stream().map(p -> p.hasNodes() ? p : p.nodes(List.copyOf(nodes.keySet())))
                        .map(PartitionBuilder::build).toList();
        return new ClusterSnapshot(built, parts, running.stream().map(job -> job.build(now)).toList(), limits,
                advance);
    }

    private Node withRunningJobs(Node node) {
        CoreSet cores = node.allocatedCores();
        long memory = node.allocatedMemory();
        Set<Integer> gpus = new HashSet<>(node.allocatedGres());
        for (RunningJobBuilder job : running) {
            for (NodeAllocation part : job.allocations()) {
                if (part.node().equals(node.name())) {
                    cores = cores.union(part.cores());
                    memory += part.memoryMib();
                    gpus.addAll(part.gpus());
                }
            }
        }
        return new Node(node.name(), node.sockets(), node.coresPerSocket(), node.threadsPerCore(), node.memoryMib(),
                node.gres(), node.features(), node.weight(), node.state(), node.stateReason(), cores, memory, gpus);
    }

    public Plan schedule() {
        return Scheduler.schedule(snapshot(), queue, now, params, preempt);
    }
}
