package io.jslurm.sim.slurm;

import io.jslurm.common.time.TimeLimit;
import io.jslurm.common.units.MemorySize;
import io.jslurm.conf.slurm.MemoryLimits;
import io.jslurm.conf.slurm.NodeConfig;
import io.jslurm.conf.slurm.PartitionConfig;
import io.jslurm.conf.slurm.PriorityConfig;
import io.jslurm.conf.slurm.PriorityPlugin;
import io.jslurm.conf.slurm.SchedulerParameters;
import io.jslurm.conf.slurm.SchedulerPlugin;
import io.jslurm.conf.slurm.SchedulingConfig;
import io.jslurm.conf.slurm.SlurmConfig;
import io.jslurm.sched.SchedulerParams;
import io.jslurm.sched.backfill.BackfillParams;
import io.jslurm.sched.model.Node;
import io.jslurm.sched.model.OverSubscribe;
import io.jslurm.sched.model.Partition;
import io.jslurm.sched.model.PartitionState;
import io.jslurm.sched.priority.PriorityWeights;
import io.jslurm.sched.select.SelectParams;
import io.jslurm.sched.select.SelectType;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A {@link SimCluster} from slurm.conf: every node UP and idle (generic resources are left out,
 * as trace jobs ask for none), every partition with its limits, and the scheduler and priority
 * settings the replay acts on.
 */
public final class ConfCluster {

  private ConfCluster() {}

  public static SimCluster from(SlurmConfig conf) {
    List<Node> nodes = conf.nodes().stream().map(ConfCluster::node).toList();
    List<Partition> partitions = conf.partitions().stream().map(ConfCluster::partition).toList();
    if (partitions.isEmpty()) {
      throw new IllegalArgumentException("slurm.conf defines no partition");
    }
    String defaultPartition = conf.defaultPartition().map(PartitionConfig::name)
        .orElse(partitions.get(0).name());
    SchedulingConfig scheduling = conf.scheduling();
    SchedulerParameters sp = scheduling.schedulerParameters();
    BackfillParams backfill = new BackfillParams(
        scheduling.scheduler() == SchedulerPlugin.BACKFILL,
        Duration.ofMinutes(sp.bfWindowMinutes()), Duration.ofSeconds(sp.bfResolutionSeconds()),
        sp.bfMaxJobTest(), sp.bfContinue(), sp.bfMaxJobUser(), sp.bfMaxJobPart(), sp.bfBusyNodes());
    SchedulerParams params = new SchedulerParams(select(scheduling), backfill,
        sp.defaultQueueDepth());
    PriorityConfig priority = conf.priority();
    boolean multifactor = priority.type() == PriorityPlugin.MULTIFACTOR;
    PriorityWeights weights = new PriorityWeights(priority.weightAge(),
        priority.weightFairshare(), priority.weightJobSize(), priority.weightPartition(),
        priority.weightQos(), priority.weightAssoc(), priority.weightTres(), priority.maxAge(),
        priority.favorSmall());
    return new SimCluster(nodes, partitions, defaultPartition, params,
        Duration.ofSeconds(sp.bfIntervalSeconds()), weights, multifactor);
  }

  private static SelectParams select(SchedulingConfig scheduling) {
    MemoryLimits memory = scheduling.memory();
    boolean tracksMemory = scheduling.selectParameters().memoryIsConsumable();
    SelectType type = switch (scheduling.selectParameters().mode()) {
      case CR_CPU, CR_CPU_MEMORY -> tracksMemory ? SelectType.CR_CPU_MEMORY : SelectType.CR_CPU;
      case CR_SOCKET, CR_SOCKET_MEMORY ->
          tracksMemory ? SelectType.CR_SOCKET_MEMORY : SelectType.CR_SOCKET;
      default -> tracksMemory ? SelectType.CR_CORE_MEMORY : SelectType.CR_CORE;
    };
    return new SelectParams(type, mebibytes(memory.defMemPerCpu()),
        mebibytes(memory.defMemPerGpu()), mebibytes(memory.maxMemPerCpu()));
  }

  private static OptionalLong mebibytes(Optional<MemorySize> size) {
    return size.map(s -> OptionalLong.of(s.mebibytes())).orElse(OptionalLong.empty());
  }

  private static Node node(NodeConfig node) {
    return SimCluster.idleNode(node.name(), node.sockets(), node.coresPerSocket(),
        node.threadsPerCore(), node.realMemory().mebibytes(), node.weight());
  }

  private static Partition partition(PartitionConfig partition) {
    OverSubscribe overSubscribe = OverSubscribe.valueOf(partition.overSubscribe().mode().name());
    PartitionState state = PartitionState.valueOf(partition.state().name());
    return new Partition(partition.name(), partition.nodes().hosts(), limit(partition.maxTime()),
        partition.defaultTime().flatMap(ConfCluster::limit), partition.maxNodes(),
        partition.priorityTier(), partition.priorityJobFactor(), overSubscribe, state);
  }

  private static Optional<Duration> limit(TimeLimit limit) {
    return limit.isUnlimited() ? Optional.empty() : Optional.of(limit.toDuration());
  }
}
