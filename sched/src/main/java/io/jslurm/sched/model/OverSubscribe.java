package io.jslurm.sched.model;

/**
 * A partition's OverSubscribe setting: NO never shares cores; YES lets jobs that ask (--oversubscribe) share cores
 * with other sharing jobs, up to the partition's share count per core; FORCE shares every job's cores that way;
 * EXCLUSIVE gives every job whole nodes. Memory and GPUs are never shared. (Gang time-slicing of shared cores is
 * not done: sharing jobs run side by side.)
 */
public enum OverSubscribe {
    NO, YES, FORCE, EXCLUSIVE
}
