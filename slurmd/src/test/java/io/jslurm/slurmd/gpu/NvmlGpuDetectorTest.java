package io.jslurm.slurmd.gpu;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.common.cpu.IdSet;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class NvmlGpuDetectorTest {

    @AfterEach
    void everyInitIsShutDown() {
        assertThat(FakeNvml.initDepth()).as("nvmlInit_v2 calls left without nvmlShutdown").isZero();
    }

    /** What the detection with the stand-in reporting {@code config} failed with; it must have failed. */
    private static String failureWith(String config) {
        GpuDetection detection = NvmlGpuDetector.detect(FakeNvml.reporting(config));
        assertThat(detection).isInstanceOf(GpuDetection.Failed.class);
        assertThat(detection.gpus()).isEmpty();
        return ((GpuDetection.Failed) detection).message();
    }

    @Test
    void hgxH200BoardGivesEightH200sWithSocketAffinityAndSwitchLinks() {
        GpuDetection detection = NvmlGpuDetector.detect(FakeNvml.reporting("hgx-h200.conf"));

        assertThat(detection).isInstanceOf(GpuDetection.Found.class);
        List<GpuDevice> gpus = detection.gpus();
        assertThat(gpus).hasSize(8);
        assertThat(gpus).extracting(GpuDevice::index).containsExactly(0, 1, 2, 3, 4, 5, 6, 7);
        assertThat(gpus).extracting(g -> g.type().value()).containsOnly("nvidia_h200");
        assertThat(gpus).extracting(GpuDevice::name).containsOnly("NVIDIA H200");
        GpuDevice first = gpus.get(0);
        assertThat(first.uuid()).isEqualTo("GPU-5d7a1b2c-0000-4000-8000-000000000000");
        assertThat(first.minor()).isZero();
        assertThat(first.deviceFile()).isEqualTo(Path.of("/dev/nvidia0"));
        assertThat(first.pciBusId()).isEqualTo(PciBusId.parse("0000:18:00.0"));
        assertThat(first.pciBusId()).hasToString("00000000:18:00.0");
        assertThat(first.cpuAffinity()).isEqualTo(IdSet.parse("0-31,64-95"));
        assertThat(gpus.get(7).cpuAffinity()).hasToString("32-63,96-127");
        assertThat(gpus.get(7).deviceFile()).isEqualTo(Path.of("/dev/nvidia7"));
        // All 18 links end on NVSwitches: no direct GPU peer, every link counted as "other".
        assertThat(gpus).allSatisfy(g -> {
            assertThat(g.nvlinkPeers()).isEmpty();
            assertThat(g.otherLinks()).isEqualTo(18);
        });
        assertThat(GresSummary.of(gpus)).isEqualTo("gpu:nvidia_h200:8");
    }

    @Test
    void directNvlinksBecomePeerCountsAndGresLinksRows() {
        List<GpuDevice> gpus = NvmlGpuDetector.detect(FakeNvml.reporting("a100-direct-nvlink.conf")).gpus();

        assertThat(gpus).hasSize(4);
        assertThat(gpus).extracting(g -> g.type().value()).containsOnly("nvidia_a100-sxm4-80gb");
        assertThat(gpus.get(0).nvlinkPeers()).isEqualTo(Map.of(1, 4, 2, 2));
        assertThat(gpus.get(3).nvlinkPeers()).isEqualTo(Map.of(2, 4, 1, 2));
        assertThat(gpus).allSatisfy(g -> assertThat(g.otherLinks()).isZero());
        assertThat(gpus).extracting(g -> g.slurmLinks(4))
                .containsExactly("-1,4,2,0", "4,-1,0,2", "2,0,-1,4", "0,2,4,-1");
        // The device file follows the minor number, not the NVML index.
        assertThat(gpus).extracting(GpuDevice::deviceFile)
                .containsExactly(Path.of("/dev/nvidia2"), Path.of("/dev/nvidia3"), Path.of("/dev/nvidia0"),
                        Path.of("/dev/nvidia1"));
        assertThat(gpus.get(2).cpuAffinity()).isEqualTo(IdSet.parse("16-31"));
    }

    @Test
    void driverWithoutGpusIsAnEmptyAnswerNotAFailure() {
        GpuDetection detection = NvmlGpuDetector.detect(FakeNvml.reporting("no-gpus.conf"));

        assertThat(detection).isEqualTo(new GpuDetection.Found(List.of()));
    }

    @Test
    void initFailureSaysTheDriverIsNotLoaded() {
        assertThat(failureWith("driver-not-loaded.conf"))
                .isEqualTo("nvmlInit_v2 failed: the NVIDIA kernel driver is not loaded [NVML_ERROR_DRIVER_NOT_LOADED]");
    }

    @Test
    void countFailureIsReportedAndNvmlIsStillShutDown() {
        assertThat(failureWith("count-fails.conf"))
                .isEqualTo("nvmlDeviceGetCount_v2 failed: an unknown NVML error occurred [NVML_ERROR_UNKNOWN]");
    }

    @Test
    void lostGpuNamesTheCallAndTheGpu() {
        assertThat(failureWith("gpu-lost.conf")).isEqualTo(
                "nvmlDeviceGetUUID for GPU 2 failed: a GPU has fallen off the bus or is otherwise inaccessible"
                        + " [NVML_ERROR_GPU_IS_LOST]");
    }

    @Test
    void codesNvmlDoesNotDocumentAreShownByNumber() {
        assertThat(failureWith("unknown-code.conf")).isEqualTo(
                "nvmlDeviceGetMinorNumber for GPU 0 failed: an unknown NVML error occurred [NVML_ERROR_UNKNOWN (code 12345)]");
    }

    @Test
    void unsupportedAffinityAndNvlinkLeaveThosePartsEmpty() {
        List<GpuDevice> gpus = NvmlGpuDetector.detect(FakeNvml.reporting("no-affinity-no-nvlink.conf")).gpus();

        assertThat(gpus).singleElement().satisfies(gpu -> {
            assertThat(gpu.type()).isEqualTo(new GpuType("tesla_t4"));
            assertThat(gpu.pciBusId()).hasToString("00000000:00:1E.0");
            assertThat(gpu.cpuAffinity().isEmpty()).isTrue();
            assertThat(gpu.nvlinkPeers()).isEmpty();
            assertThat(gpu.otherLinks()).isZero();
        });
    }

    @Test
    void otherNvlinkErrorsFailTheDetection() {
        assertThat(failureWith("link-state-fails.conf"))
                .isEqualTo("nvmlDeviceGetNvLinkState for GPU 0 link 0 failed: permission denied [NVML_ERROR_NO_PERMISSION]");
    }

    @Test
    void failedShutdownIsReported() {
        assertThat(failureWith("shutdown-fails.conf")).startsWith("nvmlShutdown failed:");
        // The stand-in refused the shutdown; balance it so the next test starts clean.
        FakeNvml.reporting("no-gpus.conf");
    }

    @Test
    void missingLibraryMeansNoGpusViaNvml() {
        GpuDetection detection = NvmlGpuDetector.detect("/nonexistent/libnvidia-ml.so.1");

        assertThat(detection).isInstanceOf(GpuDetection.NoLibrary.class);
        assertThat(detection.gpus()).isEmpty();
        assertThat(((GpuDetection.NoLibrary) detection).reason()).contains("/nonexistent/libnvidia-ml.so.1");
    }

    @Test
    void libraryWithoutNvmlSymbolsFailsWithFunctionNotFound() {
        // libc loads fine but exports no NVML function: JNA's lookup fails on the first call.
        GpuDetection detection = NvmlGpuDetector.detect("libc.so.6");

        assertThat(detection).isInstanceOf(GpuDetection.Failed.class);
        assertThat(((GpuDetection.Failed) detection).message()).startsWith("nvmlInit_v2 failed: the NVML library does not export it");
    }
}
