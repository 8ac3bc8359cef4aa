package io.jslurm.sim.slurm;

import io.jslurm.sched.SchedulerParams;
import io.jslurm.sched.model.CoreSet;
import io.jslurm.sched.model.Node;
import io.jslurm.sched.model.NodeState;
import io.jslurm.sched.model.OverSubscribe;
import io.jslurm.sched.model.Partition;
import io.jslurm.sched.model.PartitionState;
import io.jslurm.sched.priority.PriorityWeights;
import io.jslurm.sched.select.SelectParams;
import io.jslurm.sched.select.SelectType;
import io.jslurm.sim.swf.SwfHeader;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * The simulated cluster and the slurm.conf settings a replay starts from: idle nodes, partitions
 * (the first listed is the default unless {@code defaultPartition} names another), the scheduler
 * parameters, bf_interval and the multifactor priority weights.
 *
 * @param multifactor whether PriorityType is priority/multifactor
 */
public record SimCluster(
    List<Node> nodes,
    List<Partition> partitions,
    String defaultPartition,
    SchedulerParams params,
    Duration bfInterval,
    PriorityWeights weights,
    boolean multifactor) {

  /** Weights used when no slurm.conf gives any: age and job size count alike. */
  public static final PriorityWeights DEFAULT_WEIGHTS = new PriorityWeights(1000, 0, 1000, 0, 0, 0,
      java.util.Map.of(), Duration.ofDays(7), false);

  /** Slurm's default bf_interval. */
  public static final Duration DEFAULT_BF_INTERVAL = Duration.ofSeconds(30);

  public SimCluster {
    nodes = List.copyOf(nodes);
    partitions = List.copyOf(partitions);
    Objects.requireNonNull(defaultPartition, "defaultPartition");
    Objects.requireNonNull(params, "params");
    Objects.requireNonNull(bfInterval, "bfInterval");
    Objects.requireNonNull(weights, "weights");
    if (nodes.isEmpty() || partitions.isEmpty()) {
      throw new IllegalArgumentException("the cluster needs nodes and at least one partition");
    }
    if (partitions.stream().noneMatch(p -> p.name().equals(defaultPartition))) {
      throw new IllegalArgumentException("no partition " + defaultPartition);
    }
    if (bfInterval.isNegative() || bfInterval.isZero()) {
      throw new IllegalArgumentException("bf_interval must be positive");
    }
  }

  /**
   * The machine of a trace header: MaxNodes nodes of MaxProcs/MaxNodes cores (rounded down, at
   * least one), one socket, one thread per core, in one partition "batch" without a time limit.
   * Memory is not a consumable resource (CR_Core), as nothing in the trace asks for it.
   */
  public static SimCluster fromTrace(SwfHeader header) {
    int count = header.maxNodes().orElseThrow(
        () -> new IllegalArgumentException("the trace header has no MaxNodes; give --conf"));
    int cores = Math.max(1, header.maxProcs().orElse(count) / count);
    int digits = String.valueOf(count).length();
    List<Node> nodes = new ArrayList<>(count);
    List<String> names = new ArrayList<>(count);
    for (int i = 1; i <= count; i++) {
      String name = String.format("node%0" + digits + "d", i);
      names.add(name);
      nodes.add(idleNode(name, 1, cores, 1, 0, 1));
    }
    Partition batch = new Partition("batch", names, Optional.empty(), Optional.empty(),
        OptionalInt.empty(), 1, 1, OverSubscribe.NO, PartitionState.UP);
    SchedulerParams params = SchedulerParams.DEFAULT
        .withSelect(SelectParams.DEFAULT.withType(SelectType.CR_CORE));
    return new SimCluster(nodes, List.of(batch), "batch", params, DEFAULT_BF_INTERVAL,
        DEFAULT_WEIGHTS, false);
  }

  static Node idleNode(String name, int sockets, int coresPerSocket, int threadsPerCore,
      long memoryMib, int weight) {
    return new Node(name, sockets, coresPerSocket, threadsPerCore, memoryMib, List.of(), Set.of(),
        weight, NodeState.UP, "", CoreSet.empty(), 0, Set.of());
  }

  public SimCluster withParams(SchedulerParams newParams) {
    return new SimCluster(nodes, partitions, defaultPartition, newParams, bfInterval, weights,
        multifactor);
  }

  public SimCluster withBfInterval(Duration interval) {
    return new SimCluster(nodes, partitions, defaultPartition, params, interval, weights,
        multifactor);
  }

  public SimCluster withPriority(PriorityWeights newWeights, boolean useMultifactor) {
    return new SimCluster(nodes, partitions, defaultPartition, params, bfInterval, newWeights,
        useMultifactor);
  }

  public Partition partition(String name) {
    return partitions.stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow();
  }

  /**
   * The partition of a trace job: field 16 numbers the slurm.conf partitions from 1 in file order;
   * an unknown number (-1, 0, or past the last) means the default partition.
   */
  public Partition partitionFor(int number) {
    return number >= 1 && number <= partitions.size()
        ? partitions.get(number - 1)
        : partition(defaultPartition);
  }

  public long totalCores() {
    return nodes.stream().mapToLong(Node::cores).sum();
  }
}
