package io.jslurm.sim.reference;

/**
 * A pool of identical nodes: the trace header's MaxNodes and MaxProcs. Processors per node may be
 * fractional when MaxProcs is not a multiple of MaxNodes; the reference protocol divides anyway.
 */
public record MachineShape(int nodes, int procs) {

  public MachineShape {
    if (nodes < 1 || procs < 1) {
      throw new IllegalArgumentException(
          "a machine needs nodes and processors, got " + nodes + " nodes, " + procs + " procs");
    }
  }

  public double procsPerNode() {
    return (double) procs / nodes;
  }

  /** Whole nodes a job takes: nodes are never shared. */
  public int nodesFor(int jobProcs) {
    return (int) Math.ceil(jobProcs / procsPerNode());
  }
}
