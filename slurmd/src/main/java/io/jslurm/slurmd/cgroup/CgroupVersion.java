package io.jslurm.slurmd.cgroup;

/** Which cgroup hierarchy confines jobs: one hierarchy per controller (v1) or the unified one (v2). */
public enum CgroupVersion {
    V1,
    V2,
    /** No hierarchy: an unprivileged slurmd tracks jobs by session and process tree instead. */
    NONE
}
