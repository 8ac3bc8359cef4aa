package io.jslurm.slurmd.daemon;

import io.jslurm.conf.ConfLoader;
import io.jslurm.conf.InMemoryConfFiles;
import io.jslurm.conf.LoadedConfig;
import java.nio.file.Path;

/** Configurations read from text, as slurmd would read them from /etc/slurm. */
final class Configs {
    static final Path SLURM_CONF = Path.of("/etc/slurm/slurm.conf");

    private Configs() {
    }

    static LoadedConfig load(String slurmConf) {
        return new ConfLoader(new InMemoryConfFiles().with(SLURM_CONF.toString(), slurmConf)).load(SLURM_CONF);
    }

    static LoadedConfig withCgroupConf(String slurmConf, String cgroupConf) {
        return new ConfLoader(new InMemoryConfFiles().with(SLURM_CONF.toString(), slurmConf)
                .with("/etc/slurm/cgroup.conf", cgroupConf)).load(SLURM_CONF);
    }

    static LoadedConfig load(String slurmConf, String gresConf) {
        return new ConfLoader(new InMemoryConfFiles().with(SLURM_CONF.toString(), slurmConf)
                .with("/etc/slurm/gres.conf", gresConf)).load(SLURM_CONF);
    }
}
