package io.jslurm.slurmctld.resv;

import static org.assertj.core.api.Assertions.assertThat;


import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The table across a restart: what was created is read back from StateSaveLocation, the name counter too. */
class ReservationTableTest {

    @TempDir
    Path state;

    private static final ResvCluster TWO_NODES = new ResvCluster() {
        @Override
        public List<String> nodes() {
            return List.of("n1", "n2");
        }

        @Override
        public Optional<List<String>> partitionNodes(String partition) {
            return partition.equals("p") ? Optional.of(List.of("n1", "n2")) : Optional.empty();
        }

        @Override
        public boolean busyAt(Collection<String> nodes, Instant at) {
            return false;
        }

        @Override
        public int cores(String node) {
            return 4;
        }
    };

    @Test
    void reservationsSurviveARestart() throws Exception {
        java.time.InstantSource clock = java.time.InstantSource.fixed(Instant.parse("2026-12-01T10:00:00Z"));
        ReservationTable table = new ReservationTable(TWO_NODES, new ReservationFile(state), clock);
        table.create(ResvWords.parse(List.of("StartTime=now+1hour", "EndTime=2026-12-01T12:30:00", "Nodes=n2",
                "Users=-carol", "Accounts=physics", "PartitionName=p", "Flags=MAINT"), clock, ZoneOffset.UTC), "root");

        ReservationTable again = new ReservationTable(TWO_NODES, new ReservationFile(state), clock);

        Reservation back = again.find("physics_1").orElseThrow();
        assertThat(back).isEqualTo(table.find("physics_1").orElseThrow());
        assertThat(back.start()).isEqualTo(Instant.parse("2026-12-01T11:00:00Z"));
        assertThat(back.end()).isEqualTo(Instant.parse("2026-12-01T12:30:00Z"));
        assertThat(back.flags()).containsExactlyInAnyOrder(ResvFlag.MAINT, ResvFlag.SPEC_NODES);
        assertThat(back.admits("alice", "physics")).isTrue();
        assertThat(back.admits("carol", "physics")).isFalse();
        assertThat(back.admits("alice", "chemistry")).isFalse();
        assertThat(again.forScheduler()).singleElement().satisfies(r -> {
            assertThat(r.nodes()).containsExactly("n2");
            assertThat(r.maintenance()).isTrue();
        });
        again.create(ResvWords.parse(List.of("Duration=10", "NodeCnt=1", "Users=dave"), clock, ZoneOffset.UTC),
                "root");
        assertThat(again.find("dave_2")).isPresent();
        assertThat(Files.readString(state.resolve("resv_state"))).startsWith("jslurm resv_state 1\nnext\t3\n");
    }
}
