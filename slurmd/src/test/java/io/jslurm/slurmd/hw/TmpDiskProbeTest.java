package io.jslurm.slurmd.hw;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class TmpDiskProbeTest {

    @Test
    void tmpSizeMatchesDf() throws Exception {
        Process df = new ProcessBuilder("df", "-B1", "--output=size", "/tmp").start();
        List<String> lines = new String(df.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip().lines().toList();
        assertThat(df.waitFor()).isZero();
        long bytes = Long.parseLong(lines.get(lines.size() - 1).strip());

        assertThat(TmpDiskProbe.totalMiB(TmpDiskProbe.DEFAULT_TMP_FS)).isEqualTo(bytes / (1024 * 1024)).isPositive();
    }

    @Test
    void missingTmpFsCountsAsNothing() {
        assertThat(TmpDiskProbe.totalMiB(Path.of("/nonexistent/tmp"))).isZero();
    }
}
