package io.jslurm.slurmctld.assoc;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.protocol.auth.UserDirectory;
import io.jslurm.protocol.proto.DbdAssocSnapshot;
import io.jslurm.protocol.proto.DbdQosRecord;
import java.io.IOException;
import java.net.ConnectException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The controller keeps the last copy it had, on disk too, while slurmdbd is away. */
class AssocCacheTest {

    @TempDir
    Path stateSave;

    private DbdAssocSnapshot answer = SeedAccounting.snapshot();
    private boolean dbdUp = true;
    private int asked;

    private final UserDirectory directory = new UserDirectory() {
        private final Map<String, Long> uids = Map.of("alice", 1001L, "bob", 1002L, "root", 0L);

        @Override
        public OptionalLong uidOf(String name) {
            Long uid = uids.get(name);
            return uid == null ? OptionalLong.empty() : OptionalLong.of(uid);
        }

        @Override
        public OptionalLong gidOf(String group) {
            return OptionalLong.empty();
        }
    };

    private AssocCache cache() {
        return new AssocCache(() -> {
            asked++;
            if (!dbdUp) {
                throw new ConnectException("Connection refused");
            }
            return answer;
        }, new AssocSnapshotFile(stateSave), directory);
    }

    @Test
    void aStartWithSlurmdbdLoadsAndSavesTheAssociations() throws IOException {
        AssocCache cache = cache();
        cache.load();

        assertThat(cache.data().loaded()).isTrue();
        assertThat(cache.data().qosExists("normal-train")).isTrue();
        assertThat(new AssocSnapshotFile(stateSave).load()).contains(answer);
    }

    @Test
    void aRestartWithoutSlurmdbdEnforcesTheSavedCopy() {
        cache().load();
        dbdUp = false;

        AssocCache restarted = cache();
        restarted.load();

        assertThat(restarted.data().loaded()).isTrue();
        assertThat(restarted.data().association("alice", "ml", "")).isPresent();
        assertThat(restarted.levelOf(1001)).isEqualTo(AdminLevel.OPERATOR);
    }

    @Test
    void slurmdbdGoingAwayKeepsTheCopyAndAChangeArrivesWithTheNextRefresh() {
        AssocCache cache = cache();
        cache.load();
        dbdUp = false;

        assertThat(cache.refresh()).isFalse();
        assertThat(cache.data().qosExists("normal-train")).isTrue();

        dbdUp = true;
        answer = answer.toBuilder().addQos(DbdQosRecord.newBuilder().setId(9).setName("debug")).build();
        assertThat(cache.refresh()).isTrue();
        assertThat(cache.data().qosExists("debug")).isTrue();
    }

    @Test
    void neverReachedAndNothingSavedMeansNothingLoaded() {
        dbdUp = false;
        AssocCache cache = cache();
        cache.load();

        assertThat(cache.data().loaded()).isFalse();
        assertThat(Files.exists(stateSave.resolve(AssocSnapshotFile.NAME))).isFalse();
    }

    @Test
    void beforeTheFirstCopySlurmdbdIsAskedEveryQuarterSecondThenEveryFiveSeconds() {
        dbdUp = false;
        AssocCache cache = cache();
        Instant start = Instant.parse("2026-01-01T00:00:00Z");
        cache.load();
        assertThat(cache.data().awaited()).isTrue();
        cache.paced(new RefreshPacing(Duration.ofSeconds(5), Duration.ofMillis(250)), start);

        List<Long> askedAtMs = ticks(cache, start, 0, 1900);
        dbdUp = true;
        askedAtMs.addAll(ticks(cache, start, 1900, 12_000));

        // 250 ms apart while slurmdbd is away (the first at 250 ms: load() asked at 0), then one at 2000 ms brings
        // the copy, and from then on every 5 s.
        assertThat(askedAtMs).containsExactly(250L, 500L, 750L, 1000L, 1250L, 1500L, 1750L, 2000L, 7000L, 12_000L);
        assertThat(cache.holdsCopy()).isTrue();
        assertThat(asked).isEqualTo(1 + askedAtMs.size());
    }

    @Test
    void aSavedCopyKeepsTheFiveSecondPaceWhileSlurmdbdIsAway() {
        cache().load();
        dbdUp = false;
        AssocCache restarted = cache();
        Instant start = Instant.parse("2026-01-01T00:00:00Z");
        restarted.load();
        restarted.paced(new RefreshPacing(Duration.ofSeconds(5), Duration.ofMillis(250)), start);

        assertThat(ticks(restarted, start, 0, 11_000)).containsExactly(5000L, 10_000L);
        assertThat(restarted.holdsCopy()).isTrue();
    }

    @Test
    void aPacingWhoseQuickRetryIsSlowerThanTheIntervalIsRefused() {
        org.assertj.core.api.Assertions.assertThatThrownBy(
                () -> new RefreshPacing(Duration.ofSeconds(1), Duration.ofSeconds(2)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    /** The background timer's looks every 50 ms from {@code fromMs} to {@code toMs}: when it asked slurmdbd. */
    private static List<Long> ticks(AssocCache cache, Instant start, long fromMs, long toMs) {
        List<Long> askedAt = new ArrayList<>();
        for (long ms = fromMs + 50; ms <= toMs; ms += 50) {
            if (cache.refreshIfDue(start.plusMillis(ms))) {
                askedAt.add(ms);
            }
        }
        return askedAt;
    }

    @Test
    void adminLevelsAreByUid() {
        AssocCache cache = cache();
        cache.load();

        assertThat(cache.levelOf(1001)).isEqualTo(AdminLevel.OPERATOR);
        assertThat(cache.levelOf(1002)).isEqualTo(AdminLevel.NONE);
        assertThat(cache.levelOf(0)).isEqualTo(AdminLevel.ADMINISTRATOR);
        assertThat(cache.levelOf(4242)).isEqualTo(AdminLevel.NONE);
    }
}
