package io.jslurm.sched.select;

/** A node chosen for a job and what the job takes there. */
record Placement(NodeFree node, NodeDemand demand) {
}
