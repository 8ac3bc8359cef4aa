package io.jslurm.sched.model;

/**
 * A partition's OverSubscribe setting: NO never shares cores; YES lets jobs that ask (--oversubscribe) share cores
 * with other sharing jobs, up to the partition's share count per core; FORCE shares every job's cores that way;
 * EXCLUSIVE gives every job whole nodes. Memory and GPUs are never shared. Sharing jobs run side by side unless
 * PreemptMode=GANG makes them take turns ({@code sched/gang}).
 */
public enum OverSubscribe {
    NO, YES, FORCE, EXCLUSIVE
}
