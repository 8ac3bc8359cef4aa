package io.jslurm.slurmd;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.slurmd.gpu.FakeNvml;
import io.jslurm.slurmd.gpu.GpuDetection;
import io.jslurm.slurmd.gpu.NvmlGpuDetector;
import io.jslurm.slurmd.hw.Fixtures;
import io.jslurm.slurmd.hw.HardwareException;
import io.jslurm.slurmd.hw.NodeHardware;
import io.jslurm.slurmd.hw.NodeHardwareProbe;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SlurmdMainTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private static final Supplier<NodeHardware> DUAL_SOCKET =
            () -> new NodeHardwareProbe(Fixtures.host(Fixtures.DUAL_SOCKET_SMT), 4096, Path.of("/nonexistent")).probe();

    private int run(Supplier<NodeHardware> hardware, Supplier<GpuDetection> gpus, String... args) {
        return new SlurmdMain(hardware, gpus, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)).run(List.of(args));
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void dashCPrintsTheNodeLineWithDetectedGpusThenUptime() {
        int status = run(DUAL_SOCKET, () -> NvmlGpuDetector.detect(FakeNvml.reporting("hgx-h200.conf")), "-C");

        assertThat(status).isZero();
        assertThat(out()).isEqualTo("""
                NodeName=gpu-node07 CPUs=128 Boards=1 SocketsPerBoard=2 CoresPerSocket=32 ThreadsPerCore=2 \
                RealMemory=1031835 Gres=gpu:nvidia_h200:8
                Found gpu:nvidia_h200:8 with Autodetect=nvml (Substring of gpu name may be used instead)
                UpTime=100-00:00:13
                """);
        assertThat(err()).isEmpty();
    }

    @Test
    void withoutNvmlThereIsNoGresAndNoComplaint() {
        int status = run(() -> new NodeHardwareProbe(Fixtures.host(Fixtures.SINGLE_CPU_VM), 4096, Path.of("/tmp")).probe(),
                () -> NvmlGpuDetector.detect("/nonexistent/libnvidia-ml.so.1"), "-C");

        assertThat(status).isZero();
        assertThat(out()).isEqualTo("""
                NodeName=tiny CPUs=1 Boards=1 SocketsPerBoard=1 CoresPerSocket=1 ThreadsPerCore=1 RealMemory=985
                UpTime=0-00:01:00
                """);
        assertThat(err()).isEmpty();
    }

    @Test
    void nvmlFailureGoesToStderrAndTheNodeLineStillPrints() {
        int status = run(DUAL_SOCKET, () -> NvmlGpuDetector.detect(FakeNvml.reporting("driver-not-loaded.conf")), "-C");

        assertThat(status).isZero();
        assertThat(out()).startsWith("NodeName=gpu-node07 CPUs=128 ").doesNotContain("Gres=");
        assertThat(err()).isEqualTo("slurmd: error: GPU detection through NVML failed: nvmlInit_v2 failed:"
                + " the NVIDIA kernel driver is not loaded [NVML_ERROR_DRIVER_NOT_LOADED]\n");
    }

    @Test
    void unreadableHardwareIsFatal() {
        int status = run(() -> {
            throw new HardwareException("cannot read /proc/meminfo: no such file");
        }, () -> new GpuDetection.Found(List.of()), "-C");

        assertThat(status).isEqualTo(1);
        assertThat(out()).isEmpty();
        assertThat(err()).isEqualTo("slurmd: fatal: cannot detect the node's hardware: cannot read /proc/meminfo: no such file\n");
    }

    @Test
    void versionNamesJslurmAndItsVersion() {
        assertThat(run(DUAL_SOCKET, () -> new GpuDetection.Found(List.of()), "-V")).isZero();
        assertThat(out()).matches("slurm-compatible jslurm \\d+\\.\\d+\\.\\d+(-SNAPSHOT)?\n");
    }

    @Test
    void helpGoesToStderrLikeSlurms() {
        assertThat(run(DUAL_SOCKET, () -> new GpuDetection.Found(List.of()), "-h")).isZero();
        assertThat(err()).startsWith("Usage: slurmd [OPTIONS]").contains("-C").contains("-V");
        assertThat(out()).isEmpty();
    }

    @Test
    void configurationErrorsNameFileAndLineAndExitOne(@TempDir Path dir) throws Exception {
        Path conf = dir.resolve("slurm.conf");
        Files.writeString(conf, "ClusterName=c\nSlurmctldHost=ctl\nSlurmdPort=notaport\nNodeName=n1\n");

        assertThat(run(DUAL_SOCKET, () -> new GpuDetection.Found(List.of()), "-D", "-f", conf.toString())).isEqualTo(1);

        assertThat(err()).contains("slurmd: error: " + conf + ":3: ")
                .endsWith("slurmd: fatal: cannot use configuration " + conf + "\n");
        assertThat(out()).isEmpty();
    }

    @Test
    void aMissingConfigurationFileIsFatal(@TempDir Path dir) {
        Path conf = dir.resolve("absent.conf");

        assertThat(run(DUAL_SOCKET, () -> new GpuDetection.Found(List.of()), "-f", conf.toString())).isEqualTo(1);

        assertThat(err()).startsWith("slurmd: error: " + conf).contains("slurmd: fatal: cannot use configuration");
    }

    @Test
    void aNodeNameSlurmConfDoesNotKnowIsFatal(@TempDir Path dir) throws Exception {
        Path conf = dir.resolve("slurm.conf");
        Files.writeString(conf, "ClusterName=c\nSlurmctldHost=ctl\nNodeName=n1\nPartitionName=p Nodes=n1\n");

        assertThat(run(DUAL_SOCKET, () -> new GpuDetection.Found(List.of()), "-N", "n9", "-f", conf.toString()))
                .isEqualTo(1);

        assertThat(err()).isEqualTo("slurmd: fatal: Unable to find node 'n9' in slurm.conf\n");
    }

    @Test
    void anUnknownOptionPrintsTheUsage() {
        assertThat(run(DUAL_SOCKET, () -> new GpuDetection.Found(List.of()), "-x")).isEqualTo(1);

        assertThat(err()).startsWith("slurmd: invalid option -- '-x'\nUsage: slurmd [OPTIONS]");
    }

    /**
     * The real main on this machine. NVML is found as on a real node, by its default name
     * libnvidia-ml.so.1, here in the stand-in's directory; the stand-in reads its GPUs from the
     * environment.
     */
    @Test
    void mainOnThisMachineWithTheStandInNvml() throws Exception {
        assertThat(Path.of(FakeNvml.libraryPath()).getFileName()).hasToString(NvmlGpuDetector.DEFAULT_LIBRARY);
        ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"),
                "-Djna.library.path=" + Path.of(FakeNvml.libraryPath()).getParent(),
                SlurmdMain.class.getName(), "-C");
        builder.environment().put("FAKE_NVML_CONFIG", FakeNvml.config("hgx-h200.conf").toString());
        Process p = builder.start();
        p.getOutputStream().close();
        String stdout = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String stderr = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();

        assertThat(p.exitValue()).as(stderr).isZero();
        NodeHardware here = NodeHardwareProbe.thisMachine().probe();
        List<String> lines = stdout.lines().toList();
        assertThat(lines).hasSize(3);
        assertThat(lines.get(0)).isEqualTo("NodeName=" + here.nodeName() + " CPUs=" + here.topology().cpuCount()
                + " Boards=1 SocketsPerBoard=" + here.topology().socketsPerBoard()
                + " CoresPerSocket=" + here.topology().coresPerSocket()
                + " ThreadsPerCore=" + here.topology().threadsPerCore()
                + " RealMemory=" + here.realMemoryMiB() + " Gres=gpu:nvidia_h200:8");
        assertThat(lines.get(2)).matches("UpTime=\\d+-\\d\\d:\\d\\d:\\d\\d");
        assertThat(stderr).isEmpty();
    }
}
