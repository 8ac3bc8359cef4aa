package io.jslurm.slurmd.hw;

import io.jslurm.common.cpu.IdSet;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CpuTopologyReaderTest {

    @Test
    void twoCpuEpycVm() {
        CpuTopology t = new CpuTopologyReader(Fixtures.host(Fixtures.EPYC_2CPU_VM)).read();

        assertThat(shape(t)).isEqualTo(List.of(2, 1, 1, 2, 1));
        assertThat(t.cores()).extracting(c -> c.cpus().toString()).containsExactly("0", "1");
        assertThat(t.numaNodes()).isEqualTo(Map.of(0, IdSet.parse("0-1")));
    }

    @Test
    void dualSocketSmtBox() {
        CpuTopology t = new CpuTopologyReader(Fixtures.host(Fixtures.DUAL_SOCKET_SMT)).read();

        assertThat(shape(t)).isEqualTo(List.of(128, 1, 2, 32, 2));
        assertThat(t.cpusOfSocket(0)).hasToString("0-31,64-95");
        assertThat(t.cpusOfSocket(1)).hasToString("32-63,96-127");
        // Kernel core ids are sparse (0-7,16-23,...); Slurm's abstract core indexes are dense.
        Core core9 = t.cores().get(9);
        assertThat(core9.socketIndex()).isZero();
        assertThat(core9.coreId()).isEqualTo(17);
        assertThat(core9.cpus()).hasToString("9,73");
        assertThat(t.coreOf(96)).satisfies(core -> {
            assertThat(core.index()).isEqualTo(32);
            assertThat(core.socketIndex()).isEqualTo(1);
            assertThat(core.cpus()).hasToString("32,96");
        });
        assertThat(t.numaNodes()).containsEntry(0, IdSet.parse("0-31,64-95"))
                .containsEntry(1, IdSet.parse("32-63,96-127"));
        assertThat(t.machineIdsInAbstractOrder()).startsWith(0, 64, 1, 65).endsWith(63, 127);
        // A GPU near socket 1 is near Slurm cores 32-63.
        assertThat(t.coreIndexesOf(IdSet.parse("32-63,96-127"))).hasSize(32).startsWith(32).endsWith(63);
    }

    @Test
    void cpuinfoGivesTheSameTopologyWhenSysfsHasNone(@TempDir Path tmp) {
        HostFiles withoutSysfs = Fixtures.copyWithout(Fixtures.DUAL_SOCKET_SMT, "sys/devices/system/cpu", tmp);

        CpuTopology fromCpuinfo = new CpuTopologyReader(withoutSysfs).read();

        assertThat(fromCpuinfo).isEqualTo(new CpuTopologyReader(Fixtures.host(Fixtures.DUAL_SOCKET_SMT)).read());
    }

    @Test
    void singleCpuVmWithoutTopologyIsOneCoreOnOneSocket() {
        CpuTopology t = new CpuTopologyReader(Fixtures.host(Fixtures.SINGLE_CPU_VM)).read();

        assertThat(shape(t)).isEqualTo(List.of(1, 1, 1, 1, 1));
        assertThat(t.allCpus()).hasToString("0");
    }

    @Test
    void offlineCpusAreNotCounted(@TempDir Path tmp) throws Exception {
        HostFiles host = Fixtures.copyWithout(Fixtures.DUAL_SOCKET_SMT, "nothing", tmp);
        java.nio.file.Files.writeString(tmp.resolve("sys/devices/system/cpu/online"), "0-63\n");

        CpuTopology t = new CpuTopologyReader(host).read();

        assertThat(shape(t)).isEqualTo(List.of(64, 1, 2, 32, 1));
    }

    @Test
    void malformedTopologyNamesTheFile(@TempDir Path tmp) throws Exception {
        HostFiles host = Fixtures.copyWithout(Fixtures.EPYC_2CPU_VM, "nothing", tmp);
        java.nio.file.Files.writeString(tmp.resolve("sys/devices/system/cpu/cpu1/topology/core_id"), "one\n");

        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new CpuTopologyReader(host).read())
                .isInstanceOf(HardwareException.class)
                .hasMessage(tmp.resolve("sys/devices/system/cpu/cpu1/topology/core_id") + " holds 'one', not a number");
    }

    private static List<Integer> shape(CpuTopology t) {
        return List.of(t.cpuCount(), t.boards(), t.socketsPerBoard(), t.coresPerSocket(), t.threadsPerCore());
    }
}
