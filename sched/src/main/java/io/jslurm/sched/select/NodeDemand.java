package io.jslurm.sched.select;

/** What a job needs on one node for a given number of tasks and GPUs. */
record NodeDemand(int tasks, int cores, long memory, int gpus) {
}
