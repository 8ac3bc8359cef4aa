package io.jslurm.slurmd.hw;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RealMemoryReaderTest {

    @Test
    void belowSixtyFourGibItIsMemTotalInMibTruncated() {
        assertThat(new RealMemoryReader(Fixtures.host(Fixtures.EPYC_2CPU_VM), 4096).realMemoryMiB()).isEqualTo(24105);
        assertThat(new RealMemoryReader(Fixtures.host(Fixtures.SINGLE_CPU_VM), 4096).realMemoryMiB()).isEqualTo(985);
    }

    @Test
    void largeNodesGetSlurmsSinglePrecisionRounding() {
        // 1056599016 kB is 1031834.98 MiB; the page count rounds up in a float, and Slurm reports one MiB more.
        RealMemoryReader reader = new RealMemoryReader(Fixtures.host(Fixtures.DUAL_SOCKET_SMT), 4096);

        assertThat(reader.memTotalKiB() / 1024).isEqualTo(1031834);
        assertThat(reader.realMemoryMiB()).isEqualTo(1031835);
    }

    @Test
    void pageSizeMattersOnlyThroughTheFloatRounding() {
        assertThat(RealMemoryReader.slurmRealMemoryMiB(24684084, 65536)).isEqualTo(24105);
        assertThat(RealMemoryReader.slurmRealMemoryMiB(1056599016, 65536)).isEqualTo(1031834);
    }

    @Test
    void missingMemTotalIsAClearError(@TempDir Path tmp) throws Exception {
        Files.createDirectories(tmp.resolve("proc"));
        Files.writeString(tmp.resolve("proc/meminfo"), "MemFree: 10 kB\n");

        assertThatThrownBy(() -> new RealMemoryReader(new HostFiles(tmp), 4096).realMemoryMiB())
                .isInstanceOf(HardwareException.class).hasMessageContaining("no MemTotal");
    }
}
