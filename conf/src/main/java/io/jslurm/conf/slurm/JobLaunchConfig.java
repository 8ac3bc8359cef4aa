package io.jslurm.conf.slurm;

import java.util.List;
import java.util.Objects;
import java.util.Set;

/** How slurmd tracks, binds and measures job processes, and when prologs run. */
public record JobLaunchConfig(String proctrackType, List<String> taskPlugins, String jobAcctGatherType,
                              Set<PrologFlag> prologFlags) {

    public JobLaunchConfig {
        Objects.requireNonNull(proctrackType, "proctrackType");
        taskPlugins = List.copyOf(taskPlugins);
        Objects.requireNonNull(jobAcctGatherType, "jobAcctGatherType");
        prologFlags = Set.copyOf(prologFlags);
    }
}
