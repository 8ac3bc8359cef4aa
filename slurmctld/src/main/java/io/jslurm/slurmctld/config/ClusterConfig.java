package io.jslurm.slurmctld.config;

import io.jslurm.conf.ConfLoader;
import io.jslurm.conf.LoadedConfig;
import io.jslurm.conf.slurm.PartitionConfig;
import io.jslurm.conf.slurm.SchedulerPlugin;
import io.jslurm.conf.slurm.SlurmConfig;
import io.jslurm.sched.SchedulerParams;
import io.jslurm.sched.select.SelectParams;
import io.jslurm.sched.select.SelectType;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/** The configuration the controller runs with: slurm.conf as read, where it came from, and what follows from it. */
public record ClusterConfig(Path slurmConf, LoadedConfig loaded, SchedulerParams schedulerParams) {

    public ClusterConfig {
        Objects.requireNonNull(slurmConf, "slurmConf");
        Objects.requireNonNull(loaded, "loaded");
        Objects.requireNonNull(schedulerParams, "schedulerParams");
    }

    /** Reads and checks slurm.conf (and gres.conf, cgroup.conf next to it). */
    public static ClusterConfig load(Path slurmConf) {
        LoadedConfig loaded = ConfLoader.fromFileSystem().load(slurmConf);
        return new ClusterConfig(slurmConf, loaded, schedulerParams(loaded.slurm()));
    }

    public SlurmConfig slurm() {
        return loaded.slurm();
    }

    public Optional<PartitionConfig> partition(String name) {
        return slurm().partition(name);
    }

    /** Slurm's JobRequeue: whether batch jobs are requeued after a node failure unless they say otherwise. */
    public boolean jobRequeueDefault() {
        return !"0".equals(setting("JobRequeue", "1"));
    }

    /** A slurm.conf value as written, or {@code absent} when the file does not set it. */
    public String setting(String key, String absent) {
        var pair = slurm().settings().get(key);
        return pair == null ? absent : pair.value().strip();
    }

    private static SchedulerParams schedulerParams(SlurmConfig slurm) {
        var scheduling = slurm.scheduling();
        SelectType type = switch (scheduling.selectParameters().mode()) {
            // Sockets are scheduled by core: the scheduler core has no socket granularity yet.
            case CR_CPU -> SelectType.CR_CPU;
            case CR_CPU_MEMORY -> SelectType.CR_CPU_MEMORY;
            case CR_CORE, CR_SOCKET -> SelectType.CR_CORE;
            default -> SelectType.CR_CORE_MEMORY;
        };
        var memory = scheduling.memory();
        SelectParams select = new SelectParams(type, mebibytes(memory.defMemPerCpu()),
                mebibytes(memory.defMemPerGpu()), mebibytes(memory.maxMemPerCpu()));
        SchedulerParams params = SchedulerParams.DEFAULT.withSelect(select);
        return scheduling.scheduler() == SchedulerPlugin.BUILTIN
                ? params.withBackfill(params.backfill().disabled()) : params;
    }

    private static OptionalLong mebibytes(Optional<io.jslurm.common.units.MemorySize> size) {
        return size.map(s -> OptionalLong.of(s.mebibytes())).orElse(OptionalLong.empty());
    }
}
