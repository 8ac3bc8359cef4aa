package io.jslurm.sim.slurm;

import io.jslurm.sched.model.Constraint;
import io.jslurm.sched.model.GpuRequest;
import io.jslurm.sched.model.MemoryRequest;
import io.jslurm.sched.model.ResourceRequest;
import java.util.Locale;
import java.util.OptionalInt;
import java.util.Set;

/** How a trace job's processor count becomes a Slurm request. */
public enum AllocationUnit {
  /**
   * {@code sbatch -n PROCS}: one CPU per task, spread over as many nodes as the fit chooses, nodes
   * shared with other jobs.
   */
  CORES,
  /**
   * {@code sbatch -N ceil(PROCS / cores per node) --exclusive}: whole nodes, as the traced
   * machines (and reference mode) allocated them.
   */
  NODES;

  public static AllocationUnit parse(String name) {
    for (AllocationUnit unit : values()) {
      if (unit.toString().equals(name)) {
        return unit;
      }
    }
    throw new IllegalArgumentException("unknown unit '" + name + "' (expected cores or nodes)");
  }

  /**
   * The request for {@code procs} processors in a partition of {@code partitionNodes} nodes whose
   * smallest has {@code cpusPerNode} CPUs.
   */
  public ResourceRequest request(int procs, int partitionNodes, int cpusPerNode) {
    if (this == CORES) {
      return new ResourceRequest(1, Math.max(1, Math.min(procs, partitionNodes)), procs,
          OptionalInt.empty(), 1, MemoryRequest.DEFAULT, GpuRequest.NONE, 0, false, Set.of(),
          Set.of(), Constraint.NONE, false);
    }
    int nodes = nodesFor(procs, cpusPerNode);
    return new ResourceRequest(nodes, nodes, nodes, OptionalInt.empty(), 1, MemoryRequest.DEFAULT,
        GpuRequest.NONE, 0, true, Set.of(), Set.of(), Constraint.NONE, false);
  }

  static int nodesFor(int procs, int cpusPerNode) {
    return (procs + cpusPerNode - 1) / cpusPerNode;
  }

  @Override
  public String toString() {
    return name().toLowerCase(Locale.ROOT);
  }
}
