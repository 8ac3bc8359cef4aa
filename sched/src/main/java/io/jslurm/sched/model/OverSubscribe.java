package io.jslurm.sched.model;

/**
 * A partition's OverSubscribe setting. Cores are never shared between jobs here: YES and FORCE are accepted
 * and scheduled like NO (time-slicing of shared cores is not implemented); EXCLUSIVE gives every job whole nodes.
 */
public enum OverSubscribe {
    NO, YES, FORCE, EXCLUSIVE
}
