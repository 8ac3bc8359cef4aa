package io.jslurm.slurmd.step;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VirtualMemoryTest {

    private static final String PERL = """
            Name:\tperl
            Umask:\t0022
            State:\tS (sleeping)
            Pid:\t4242
            VmPeak:\t  317644 kB
            VmSize:\t  215244 kB
            VmHWM:\t  206040 kB
            VmRSS:\t  103640 kB
            """;

    @TempDir
    Path proc;

    @Test
    void theStepsPeakIsItsProcessesPeaksSummed() throws Exception {
        Files.createDirectories(proc.resolve("4242"));
        Files.writeString(proc.resolve("4242/status"), PERL);
        Files.createDirectories(proc.resolve("4243"));
        Files.writeString(proc.resolve("4243/status"), PERL.replace("317644", "1000"));
        Files.createDirectories(proc.resolve("2"));
        Files.writeString(proc.resolve("2/status"), "Name:\tkthreadd\nState:\tS (sleeping)\n");

        assertThat(VirtualMemory.vmPeakKb(PERL)).hasValue(317644);
        assertThat(VirtualMemory.peakKb(proc, List.of(4242L, 4243L, 2L, 99999L)))
                .as("a kernel thread and a process gone count nothing").isEqualTo(318644);
    }
}
