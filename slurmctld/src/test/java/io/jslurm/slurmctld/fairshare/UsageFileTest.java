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
    void tresAndWallUsageSurviveAWriteAndRead() throws IOException {
        TresUsageLedger.Key bob = new TresUsageLedger.Key("ml", "bob", "normal");
        TresUsageLedger.Key carol = new TresUsageLedger.Key("ml", "carol", "quota");
        TresUsageLedger.Used bobs = new TresUsageLedger.Used(Map.of("cpu", 1200.5, "gres/gpu:a100", 600.0), 600);
        TresUsageLedger.Used carols = new TresUsageLedger.Used(Map.of("cpu", 1.0 / 3), 0.25);
        UsageLedger ledger = new UsageLedger(Map.of(new AssocKey("ml", "bob"), 1200.5),
                new TresUsageLedger(Map.of(bob, bobs, carol, carols)), Instant.ofEpochMilli(1234),
                Instant.ofEpochMilli(12));
        UsageFile file = new UsageFile(dir);

        file.write(ledger);
        UsageLedger read = file.read();

        assertThat(Files.readAllLines(file.path()).get(0)).isEqualTo("# jslurm association usage v2");
        assertThat(read.tres().usage()).containsOnly(Map.entry(bob, bobs), Map.entry(carol, carols));
        assertThat(read.usage()).containsOnly(Map.entry(new AssocKey("ml", "bob"), 1200.5));
        assertThat(read.lastUpdate()).isEqualTo(Instant.ofEpochMilli(1234));
    }

    @Test
    void aFileWrittenBeforeTresUsageWasSavedReadsWithNoTresUsage() throws IOException {
        Files.writeString(dir.resolve("assoc_usage"), """
                # jslurm association usage v1
                update\t1800000000000
                reset\t0
                usage\tphysics\talice\t42.5
                """);

        UsageLedger read = new UsageFile(dir).read();

        assertThat(read.usage()).containsOnly(Map.entry(new AssocKey("physics", "alice"), 42.5));
        assertThat(read.lastUpdate()).isEqualTo(Instant.ofEpochMilli(1_800_000_000_000L));
        assertThat(read.tres().usage()).isEmpty();
    }

    @Test
    void aDamagedTresLineIsRefusedWithItsLine() throws IOException {
        Files.writeString(dir.resolve("assoc_usage"), UsageFile.HEADER + "\nupdate\t12\ntres\tml\tbob\tnormal\tcpu\n");

        assertThatThrownBy(() -> new UsageFile(dir).read()).isInstanceOf(IOException.class)
                .hasMessageContaining("assoc_usage:3");
    }

    @Test
    void aDamagedFileIsRefusedWithItsLine() throws IOException {
        Files.writeString(dir.resolve("assoc_usage"), UsageFile.HEADER + "\nupdate\t12\nusage\tphysics\n");

        assertThatThrownBy(() -> new UsageFile(dir).read()).isInstanceOf(IOException.class)
                .hasMessageContaining("assoc_usage:3");
    }

    @Test
    void resetForgetsUsage() {
        UsageLedger ledger = new UsageLedger(Map.of(new AssocKey("a", "u"), 10.0),
                new TresUsageLedger(Map.of(new TresUsageLedger.Key("a", "u", "normal"),
                        new TresUsageLedger.Used(Map.of("cpu", 60.0), 60))), Instant.EPOCH, Instant.EPOCH);
        Instant now = Instant.parse("2026-11-30T00:00:00Z");

        ledger.reset(now);

        assertThat(ledger.usage()).containsEntry(new AssocKey("a", "u"), 0.0);
        assertThat(ledger.tres().usage()).isEmpty();
        assertThat(ledger.lastReset()).isEqualTo(now);
    }
}
