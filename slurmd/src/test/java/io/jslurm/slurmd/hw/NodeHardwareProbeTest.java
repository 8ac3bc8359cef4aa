package io.jslurm.slurmd.hw;

import io.jslurm.common.cpu.IdSet;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class NodeHardwareProbeTest {

    @Test
    void dualSocketFixtureEndToEnd() {
        NodeHardware node = new NodeHardwareProbe(Fixtures.host(Fixtures.DUAL_SOCKET_SMT), 4096, Path.of("/nonexistent"))
                .probe();

        assertThat(node.nodeName()).isEqualTo("gpu-node07");
        assertThat(node.topology().cpuCount()).isEqualTo(128);
        assertThat(node.realMemoryMiB()).isEqualTo(1031835);
        assertThat(node.tmpDiskMiB()).isZero();
        assertThat(node.uptime()).isEqualTo(new Uptime(8_640_013));
    }

    /** This machine's own /proc and /sys, checked against what lscpu, getconf and the kernel say. */
    @Test
    void thisMachine() throws Exception {
        double uptimeBefore = Double.parseDouble(java.nio.file.Files.readString(Path.of("/proc/uptime")).split(" ")[0]);
        NodeHardware node = NodeHardwareProbe.thisMachine().probe();
        double uptimeAfter = Double.parseDouble(java.nio.file.Files.readString(Path.of("/proc/uptime")).split(" ")[0]);

        CpuTopology t = node.topology();
        assertThat(t.cpuCount()).isEqualTo(Integer.parseInt(run("getconf", "_NPROCESSORS_ONLN")));
        // lscpu -p: one line per online CPU, "cpu,core,socket" with dense core and socket numbers.
        List<int[]> lscpu = run("lscpu", "-p=CPU,CORE,SOCKET").lines().filter(l -> !l.startsWith("#"))
                .map(l -> java.util.Arrays.stream(l.split(",")).mapToInt(Integer::parseInt).toArray()).toList();
        long sockets = lscpu.stream().map(r -> r[2]).distinct().count();
        long cores = lscpu.stream().map(r -> r[1]).distinct().count();
        assertThat(t.socketsPerBoard()).isEqualTo(sockets);
        assertThat(t.coresPerSocket()).isEqualTo(cores / sockets);
        assertThat(t.threadsPerCore()).isEqualTo(lscpu.size() / cores);
        Map<Integer, Integer> lscpuCoreOf = lscpu.stream().collect(Collectors.toMap(r -> r[0], r -> r[1]));
        lscpuCoreOf.forEach((cpu, core) -> assertThat(t.coreOf(cpu).cpus())
                .isEqualTo(IdSet.of(lscpuCoreOf.entrySet().stream().filter(e -> e.getValue().equals(core))
                        .mapToInt(Map.Entry::getKey))));

        long pages = Long.parseLong(run("getconf", "_PHYS_PAGES"));
        long pageSize = Long.parseLong(run("getconf", "PAGE_SIZE"));
        float pagesAsFloat = pages;
        assertThat(node.realMemoryMiB()).isEqualTo((long) (pagesAsFloat * (pageSize / 1048576.0)));

        assertThat(node.uptime().seconds()).isBetween((long) Math.floor(uptimeBefore), (long) Math.ceil(uptimeAfter) + 1);
        assertThat(node.nodeName()).isEqualTo(run("hostname", "-s"));
    }

    private static String run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(p.waitFor()).as(String.join(" ", command)).isZero();
        return out;
    }
}
