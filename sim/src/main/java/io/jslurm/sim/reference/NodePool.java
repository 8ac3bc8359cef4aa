package io.jslurm.sim.reference;

/** The free nodes of a machine during one replay; nodes are interchangeable, so a count is enough. */
final class NodePool {

  private final MachineShape shape;
  private int freeNodes;

  NodePool(MachineShape shape) {
    this.shape = shape;
    this.freeNodes = shape.nodes();
  }

  boolean fits(ReferenceJob job) {
    return shape.nodesFor(job.procs()) <= freeNodes;
  }

  /** Takes the job's nodes and returns how many were taken. */
  int allocate(ReferenceJob job) {
    int nodes = shape.nodesFor(job.procs());
    if (nodes > freeNodes) {
      throw new IllegalStateException("job " + job.jobId() + " needs " + nodes + " nodes, "
          + freeNodes + " are free");
    }
    freeNodes -= nodes;
    return nodes;
  }

  void release(int nodes) {
    freeNodes += nodes;
  }

  double freeProcs() {
    return freeNodes * shape.procsPerNode();
  }
}
