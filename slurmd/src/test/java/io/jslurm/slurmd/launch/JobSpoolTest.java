package io.jslurm.slurmd.launch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JobSpoolTest {
    @TempDir
    Path spoolDir;

    @Test
    void thePidFileNamesTheScriptThenItsWrapper() throws IOException {
        JobSpool spool = JobSpool.create(spoolDir, 7);
        assertThat(spool.scriptPid()).isEmpty();
        assertThat(spool.wrapperPid()).isEmpty();

        Files.writeString(spool.dir().resolve("pid"), "4321 4320\n");

        assertThat(spool.scriptPid()).isEqualTo(OptionalLong.of(4321));
        assertThat(spool.wrapperPid()).isEqualTo(OptionalLong.of(4320));
    }

    @Test
    void aJobOfAnEarlierWrapperKeepsItsWrapperPidInItsOwnFile() throws IOException {
        JobSpool spool = JobSpool.create(spoolDir, 8);
        Files.writeString(spool.dir().resolve("wrapper_pid"), "500\n");
        assertThat(spool.wrapperPid()).as("written before the fork").isEqualTo(OptionalLong.of(500));

        Files.writeString(spool.dir().resolve("pid"), "501\n");

        assertThat(spool.scriptPid()).isEqualTo(OptionalLong.of(501));
        assertThat(spool.wrapperPid()).isEqualTo(OptionalLong.of(500));
    }
}
