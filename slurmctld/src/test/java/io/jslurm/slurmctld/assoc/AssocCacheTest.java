package io.jslurm.slurmctld.assoc;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.protocol.auth.UserDirectory;
import io.jslurm.protocol.proto.DbdAssocSnapshot;
import io.jslurm.protocol.proto.DbdQosRecord;
import java.io.IOException;
import java.net.ConnectException;
import java.nio.file.Files;
import java.nio.file.Path;
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
    void adminLevelsAreByUid() {
        AssocCache cache = cache();
        cache.load();

        assertThat(cache.levelOf(1001)).isEqualTo(AdminLevel.OPERATOR);
        assertThat(cache.levelOf(1002)).isEqualTo(AdminLevel.NONE);
        assertThat(cache.levelOf(0)).isEqualTo(AdminLevel.ADMINISTRATOR);
        assertThat(cache.levelOf(4242)).isEqualTo(AdminLevel.NONE);
    }
}
