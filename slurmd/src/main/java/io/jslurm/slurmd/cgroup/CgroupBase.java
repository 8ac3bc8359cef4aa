package io.jslurm.slurmd.cgroup;

/** Where below a hierarchy's mount point the {@code jslurm} prefix directory goes. */
public enum CgroupBase {
    /** Directly below the mount point, as Slurm does on v1: {@code /sys/fs/cgroup/memory/jslurm}. */
    HIERARCHY_ROOT,
    /**
     * Below the cgroup slurmd itself runs in (read from {@code /proc/self/cgroup}), so jobs stay
     * inside whatever limits the daemon's service was given: for a systemd unit with
     * {@code Delegate=yes} on v2, and for tests run inside a limited cgroup.
     */
    OWN_CGROUP
}
