package io.jslurm.conf;

import io.jslurm.conf.cgroup.CgroupConfig;
import io.jslurm.conf.dbd.SlurmdbdConfig;
import io.jslurm.conf.gres.GresConfParser;
import io.jslurm.conf.gres.GresCheck;
import io.jslurm.conf.gres.GresConfig;
import io.jslurm.conf.parse.ConfLine;
import io.jslurm.conf.parse.ConfPair;
import io.jslurm.conf.parse.IncludeReader;
import io.jslurm.conf.slurm.SlurmConfParser;
import io.jslurm.conf.slurm.SlurmConfig;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * Reads a cluster's configuration files. slurm.conf is required; gres.conf and cgroup.conf are read
 * from the same directory when they exist. Every error in every file is collected before failing.
 */
public final class ConfLoader {

    public static final String GRES_CONF = "gres.conf";
    public static final String CGROUP_CONF = "cgroup.conf";

    private final IncludeReader reader;

    public ConfLoader(ConfFiles files) {
        this.reader = new IncludeReader(Objects.requireNonNull(files, "files"));
    }

    /** Reads from the local file system. */
    public static ConfLoader fromFileSystem() {
        return new ConfLoader(new FileSystemConfFiles());
    }

    /** @throws ConfException listing every error, each with its file and line */
    public LoadedConfig load(Path slurmConf) {
        Diagnostics diagnostics = new Diagnostics();
        List<ConfLine> lines = reader.read(slurmConf, diagnostics).orElse(List.of());
        diagnostics.throwIfErrors();
        SlurmConfig slurm = SlurmConfParser.parse(lines, start(slurmConf), diagnostics);
        Path dir = slurmConf.getParent() == null ? Path.of("") : slurmConf.getParent();
        GresConfig gres = reader.readIfPresent(dir.resolve(GRES_CONF), diagnostics)
                .map(gresLines -> GresConfParser.parse(gresLines, diagnostics))
                .orElse(GresConfig.EMPTY);
        GresCheck.check(slurm.gresTypes(), gresTypesLocation(slurm, slurmConf), slurm.nodes(), gres, diagnostics);
        CgroupConfig cgroup = reader.readIfPresent(dir.resolve(CGROUP_CONF), diagnostics)
                .map(cgroupLines -> CgroupConfig.parse(cgroupLines, start(dir.resolve(CGROUP_CONF)), diagnostics))
                .orElseGet(CgroupConfig::defaults);
        diagnostics.throwIfErrors();
        return new LoadedConfig(slurm, gres, cgroup, diagnostics.warnings());
    }

    /** @throws ConfException listing every error, each with its file and line */
    public Loaded<SlurmdbdConfig> loadSlurmdbd(Path slurmdbdConf) {
        Diagnostics diagnostics = new Diagnostics();
        List<ConfLine> lines = reader.read(slurmdbdConf, diagnostics).orElse(List.of());
        diagnostics.throwIfErrors();
        SlurmdbdConfig config = SlurmdbdConfig.parse(lines, start(slurmdbdConf), diagnostics);
        diagnostics.throwIfErrors();
        return new Loaded<>(config, diagnostics.warnings());
    }

    private static Location gresTypesLocation(SlurmConfig slurm, Path slurmConf) {
        ConfPair gresTypes = slurm.settings().get("GresTypes");
        return gresTypes == null ? start(slurmConf) : gresTypes.location();
    }

    private static Location start(Path file) {
        return new Location(file.toString(), 0);
    }
}
