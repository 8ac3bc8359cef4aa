package io.jslurm.conf.gres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.jslurm.conf.ConfException;
import io.jslurm.conf.ConfLoader;
import io.jslurm.conf.ConfProblem;
import io.jslurm.conf.InMemoryConfFiles;
import io.jslurm.conf.LoadedConfig;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** gres.conf and slurm.conf read together, as the loader does. */
class GresCheckTest {

    private static final String SLURM_CONF = """
            ClusterName=c
            SlurmctldHost=head
            GresTypes=gpu,mps
            NodeName=gpu-node[01-16] CPUs=128 RealMemory=1048576 Gres=gpu:a100:8
            NodeName=mixed Gres=gpu:a100:2,gpu:v100:2,mps:200
            """;

    private static LoadedConfig load(String gresConf) {
        return new ConfLoader(new InMemoryConfFiles()
                .with("/etc/slurm/slurm.conf", SLURM_CONF)
                .with("/etc/slurm/gres.conf", gresConf))
                .load(Path.of("/etc/slurm/slurm.conf"));
    }

    private static List<String> errors(String gresConf) {
        ConfException e = catchThrowableOfType(ConfException.class, () -> load(gresConf));
        assertThat(e).isNotNull();
        return e.errors().stream().map(ConfProblem::toString).toList();
    }

    @Test
    void countsThatAddUpAreAccepted() {
        LoadedConfig loaded = load("""
                NodeName=gpu-node[01-16] Name=gpu Type=a100 File=/dev/nvidia[0-3] Cores=0-31
                NodeName=gpu-node[01-16] Name=gpu Type=a100 File=/dev/nvidia[4-7] Cores=32-63
                NodeName=mixed Name=gpu Type=a100 File=/dev/nvidia[0-1]
                NodeName=mixed Name=gpu Type=v100 File=/dev/nvidia[2-3]
                NodeName=mixed Name=mps Count=200
                """);

        assertThat(loaded.gres().devicesFor("gpu-node05")).extracting(GresDevice::count).containsExactly(4L, 4L);
        assertThat(loaded.warnings()).isEmpty();
    }

    @Test
    void autodetectedNodesNeedNoDeviceLines() {
        assertThat(load("AutoDetect=nvml\n").gres().autoDetectFor("mixed")).isEqualTo(AutoDetect.NVML);
    }

    @Test
    void tooFewDevicesNamesBothFilesAndLinesAndEveryNodeOnce() {
        assertThat(errors("NodeName=gpu-node[01-16] Name=gpu Type=a100 File=/dev/nvidia[0-3]\n")).containsExactly(
                "/etc/slurm/gres.conf:1: gres.conf describes 4 gpu:a100 on nodes gpu-node[01-16], but Gres= at "
                        + "/etc/slurm/slurm.conf:4 declares 8");
    }

    @Test
    void untypedDeclarationCountsEveryTypeOfTheName() {
        assertThat(errors("NodeName=mixed Name=gpu Type=a100 File=/dev/nvidia[0-1]\n"
                + "NodeName=mixed Name=gpu Type=v100 File=/dev/nvidia[2-4]\n")).containsExactly(
                "/etc/slurm/gres.conf:2: gres.conf describes 3 gpu:v100 on node mixed, but Gres= at "
                        + "/etc/slurm/slurm.conf:5 declares 2");
    }

    @Test
    void devicesANodeDoesNotDeclare() {
        assertThat(errors("NodeName=gpu-node01 Name=gpu Type=h100 File=/dev/nvidia[0-7]\n")).containsExactly(
                "/etc/slurm/gres.conf:1: gres.conf describes 8 gpu:h100 on node gpu-node01, but Gres= at "
                        + "/etc/slurm/slurm.conf:4 declares none");
    }

    @Test
    void namesMissingFromGresTypes() {
        assertThat(errors("Name=nic Count=2\n")).containsExactly(
                "/etc/slurm/gres.conf:1: Name=nic is not in GresTypes (/etc/slurm/slurm.conf:3)");
    }

    @Test
    void nodeGresMissingFromGresTypes() {
        ConfException e = catchThrowableOfType(ConfException.class, () -> new ConfLoader(new InMemoryConfFiles()
                .with("/etc/slurm/slurm.conf", "ClusterName=c\nSlurmctldHost=head\nNodeName=n[1-2] Gres=gpu:2\n"))
                .load(Path.of("/etc/slurm/slurm.conf")));

        assertThat(e.errors()).extracting(ConfProblem::toString).containsExactly(
                "/etc/slurm/slurm.conf:3: Gres= of nodes n[1-2] names 'gpu', which GresTypes (/etc/slurm/slurm.conf) "
                        + "does not list");
    }
}
