package io.jslurm.slurmd.launch;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Facts about this node and its configuration that a job's environment reports.
 *
 * @param slurmConf        the slurm.conf path the daemon read (SLURM_CONF)
 * @param constrainDevices cgroup.conf's {@code ConstrainDevices}: when set, the job only sees its
 *                         own GPUs, so CUDA numbers them from 0 and CUDA_VISIBLE_DEVICES must too
 */
public record NodeContext(Path slurmConf, boolean constrainDevices) {
    public NodeContext {
        Objects.requireNonNull(slurmConf, "slurmConf");
    }
}
