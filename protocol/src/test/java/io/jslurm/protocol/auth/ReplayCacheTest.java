package io.jslurm.protocol.auth;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.protocol.auth.ReplayCache.Verdict;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class ReplayCacheTest {
    static final Instant T0 = Instant.parse("2026-11-30T12:00:00Z");

    @Test
    void forgetsEntriesOnceTheyExpire() {
        ReplayCache cache = new ReplayCache(10);
        assertThat(cache.record(sig(1), T0.plusSeconds(60), T0)).isEqualTo(Verdict.FIRST_USE);
        assertThat(cache.record(sig(1), T0.plusSeconds(60), T0.plusSeconds(30))).isEqualTo(Verdict.REPLAYED);
        cache.record(sig(2), T0.plusSeconds(200), T0.plusSeconds(61));
        assertThat(cache.size()).isEqualTo(1);
    }

    @Test
    void staysBoundedAndNeverAcceptsWhatItDropped() {
        ReplayCache cache = new ReplayCache(3);
        for (int i = 0; i < 3; i++) {
            assertThat(cache.record(sig(i), T0.plusSeconds(10 + i), T0)).isEqualTo(Verdict.FIRST_USE);
        }
        // Full: the entry expiring first (sig 0 at +10 s) is dropped to make room.
        assertThat(cache.record(sig(3), T0.plusSeconds(20), T0)).isEqualTo(Verdict.FIRST_USE);
        assertThat(cache.size()).isEqualTo(3);
        assertThat(cache.record(sig(0), T0.plusSeconds(10), T0)).isEqualTo(Verdict.OUTSIDE_WINDOW);
        assertThat(cache.record(sig(4), T0.plusSeconds(9), T0)).isEqualTo(Verdict.OUTSIDE_WINDOW);
        assertThat(cache.record(sig(1), T0.plusSeconds(11), T0)).isEqualTo(Verdict.REPLAYED);
    }

    @Test
    void everyByteOfTheSignatureTellsCredentialsApart() {
        ReplayCache cache = new ReplayCache(100);
        for (int i = 0; i < 32; i++) {
            byte[] s = new byte[32];
            s[i] = 1;
            assertThat(cache.record(s, T0.plusSeconds(60), T0)).as("byte %d", i).isEqualTo(Verdict.FIRST_USE);
        }
        for (int i = 0; i < 32; i++) {
            byte[] s = new byte[32];
            s[i] = 1;
            assertThat(cache.record(s, T0.plusSeconds(60), T0)).as("byte %d", i).isEqualTo(Verdict.REPLAYED);
        }
        assertThat(cache.size()).isEqualTo(32);
    }

    private static byte[] sig(int n) {
        byte[] s = new byte[32];
        s[0] = (byte) n;
        return s;
    }
}
