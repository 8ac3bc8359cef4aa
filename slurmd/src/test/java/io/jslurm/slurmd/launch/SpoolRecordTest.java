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
    void aRecordMissingAFieldIsRefused() {
        assertThatThrownBy(() -> SpoolRecord.read(new StringReader("job_id=7\n")))
                .isInstanceOf(IOException.class).hasMessageContaining("uid");
    }
}
