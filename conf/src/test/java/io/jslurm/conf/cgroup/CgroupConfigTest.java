package io.jslurm.conf.cgroup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.jslurm.conf.ConfException;
import io.jslurm.conf.ConfLoader;
import io.jslurm.conf.ConfProblem;
import io.jslurm.conf.Diagnostics;
import io.jslurm.conf.InMemoryConfFiles;
import io.jslurm.conf.Location;
import io.jslurm.conf.parse.ConfLexer;
import java.nio.file.Path;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class CgroupConfigTest {

    @Test
    void typicalGpuClusterSettings() {
        Diagnostics diagnostics = new Diagnostics();
        CgroupConfig conf = CgroupConfig.parse(ConfLexer.lex("cgroup.conf", """
                CgroupPlugin=cgroup/v2
                ConstrainCores=yes
                ConstrainDevices=yes
                ConstrainRAMSpace=yes
                ConstrainSwapSpace=yes
                AllowedRAMSpace=98.5
                AllowedSwapSpace=10
                MaxRAMPercent=95
                MinRAMSpace=64
                MemorySwappiness=0
                CgroupMountpoint=/cgroup
                """, diagnostics), new Location("cgroup.conf", 0), diagnostics);

        assertThat(diagnostics.errors()).isEmpty();
        assertThat(conf).isEqualTo(new CgroupConfig(CgroupPlugin.V2, Path.of("/cgroup"), true, true, true, true,
                98.5, 10, 95, 100, 64, OptionalInt.of(0), false, false));
    }

    @Test
    void defaultsWhenThereIsNoCgroupConf() {
        CgroupConfig conf = CgroupConfig.defaults();

        assertThat(conf.plugin()).isEqualTo(CgroupPlugin.AUTODETECT);
        assertThat(conf.mountpoint()).isEqualTo(Path.of("/sys/fs/cgroup"));
        assertThat(conf.constrainCores()).isFalse();
        assertThat(conf.allowedRamSpacePercent()).isEqualTo(100);
        assertThat(conf.memorySwappiness()).isEmpty();
    }

    @Test
    void loaderReadsCgroupConfBesideSlurmConfAndReportsItsErrors() {
        InMemoryConfFiles files = new InMemoryConfFiles()
                .with("/etc/slurm/slurm.conf", "ClusterName=c\nSlurmctldHost=head\n")
                .with("/etc/slurm/cgroup.conf", "ConstrainCores=yes\nMaxRAMPercent=150\nCgroupPlugin=cgroup/v3\n");

        ConfException thrown = catchThrowableOfType(ConfException.class,
                () -> new ConfLoader(files).load(Path.of("/etc/slurm/slurm.conf")));

        assertThat(thrown.errors()).extracting(ConfProblem::toString).containsExactly(
                "/etc/slurm/cgroup.conf:2: invalid value '150' for MaxRAMPercent: expected a number from 0 to 100",
                "/etc/slurm/cgroup.conf:3: invalid value 'cgroup/v3' for CgroupPlugin: expected one of autodetect, "
                        + "cgroup/v1, cgroup/v2");
    }
}
