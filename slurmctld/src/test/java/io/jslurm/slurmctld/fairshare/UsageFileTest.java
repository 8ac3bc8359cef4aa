package io.jslurm.slurmctld.fairshare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.sched.fairshare.UsageDecay;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UsageFileTest {

    @TempDir
    Path dir;

    @Test
    void usageAndTimesSurviveAWriteAndRead() throws IOException {
        Instant t0 = Instant.parse("2026-11-30T00:00:00Z");
        UsageLedger ledger = UsageLedger.empty();
        ledger.advance(t0, Map.of(new AssocKey("physics", "alice"), 100.0), new UsageDecay(Duration.ofDays(7)));
        ledger.advance(t0.plus(Duration.ofDays(7)), Map.of(new AssocKey("chemistry", "bob"), 0.0),
                new UsageDecay(Duration.ofDays(7)));
        UsageFile file = new UsageFile(dir);

        file.write(ledger);
        UsageLedger read = file.read();

        assertThat(read.usage()).containsEntry(new AssocKey("physics", "alice"), 50.0)
                .containsEntry(new AssocKey("chemistry", "bob"), 0.0);
        assertThat(read.lastUpdate()).isEqualTo(t0.plus(Duration.ofDays(7)));
        assertThat(read.lastReset()).isEqualTo(Instant.EPOCH);
        assertThat(new UsageFile(dir.resolve("nothing-here")).read().usage()).isEmpty();
    }

    @Test
    void aDamagedFileIsRefusedWithItsLine() throws IOException {
        Files.writeString(dir.resolve("assoc_usage"), UsageFile.HEADER + "\nupdate\t12\nusage\tphysics\n");

        assertThatThrownBy(() -> new UsageFile(dir).read()).isInstanceOf(IOException.class)
                .hasMessageContaining("assoc_usage:3");
    }

    @Test
    void resetForgetsUsage() {
        UsageLedger ledger = new UsageLedger(Map.of(new AssocKey("a", "u"), 10.0), Instant.EPOCH, Instant.EPOCH);
        Instant now = Instant.parse("2026-11-30T00:00:00Z");

        ledger.reset(now);

        assertThat(ledger.usage()).containsEntry(new AssocKey("a", "u"), 0.0);
        assertThat(ledger.lastReset()).isEqualTo(now);
    }
}
