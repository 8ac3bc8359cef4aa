package io.jslurm.conf;

import io.jslurm.conf.cgroup.CgroupConfig;
import io.jslurm.conf.gres.GresConfig;
import io.jslurm.conf.slurm.SlurmConfig;
import java.util.List;
import java.util.Objects;

/** A cluster's configuration as slurmctld and slurmd use it, and the warnings found reading it. */
public record LoadedConfig(SlurmConfig slurm, GresConfig gres, CgroupConfig cgroup, List<ConfProblem> warnings) {

    public LoadedConfig {
        Objects.requireNonNull(slurm, "slurm");
        Objects.requireNonNull(gres, "gres");
        Objects.requireNonNull(cgroup, "cgroup");
        warnings = List.copyOf(warnings);
    }
}
