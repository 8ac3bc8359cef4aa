package io.jslurm.slurmd.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.common.signal.SignalSpec;
import java.io.IOException;
import java.io.StringReader;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SpoolRecordTest {
    @Test
    void aRecordReadsBackAsWritten() throws IOException {
        SpoolRecord record = new SpoolRecord(42, 1000, Optional.of(Instant.parse("2026-11-30T03:00:00.250Z")),
                Optional.of(SignalSpec.parse("B:SIGUSR1@90")));
        assertThat(SpoolRecord.read(new StringReader(record.write()))).isEqualTo(record);
    }

    @Test
    void aJobWithoutLimitOrSignal() throws IOException {
        SpoolRecord record = new SpoolRecord(7, 0, Optional.empty(), Optional.empty());
        assertThat(SpoolRecord.read(new StringReader(record.write()))).isEqualTo(record);
    }

    @Test
    void theUserAndWorkDirectoryForTheTaskEpilogReadBack() throws IOException {
        SpoolRecord record = new SpoolRecord(9, 1001, Optional.empty(), Optional.empty(),
                Optional.of(new JobUser("alice", 1001, 100)), Optional.of(java.nio.file.Path.of("/home/alice/run 1")));
        SpoolRecord read = SpoolRecord.read(new StringReader(record.write()));
        assertThat(read).isEqualTo(record);
        assertThat(read.user()).contains(new JobUser("alice", 1001, 100));
    }

    @Test
    void anOlderRecordHasNoUserForTheTaskEpilog() throws IOException {
        SpoolRecord read = SpoolRecord.read(new StringReader("job_id=7\nuid=1000\n"));
        assertThat(read.user()).isEmpty();
        assertThat(read.workDir()).isEmpty();
    }

    @Test
    void aRecordMissingAFieldIsRefused() {
        assertThatThrownBy(() -> SpoolRecord.read(new StringReader("job_id=7\n")))
                .isInstanceOf(IOException.class).hasMessageContaining("uid");
    }
}
