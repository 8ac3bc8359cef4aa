package io.jslurm.slurmctld.schedule;

import static io.jslurm.slurmctld.ControllerFixture.ALICE;
import static io.jslurm.slurmctld.ControllerFixture.job;
import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.protocol.proto.JobState;
import io.jslurm.protocol.proto.LaunchBatchJob;
import io.jslurm.slurmctld.ControllerFixture;
import io.jslurm.slurmctld.state.JournalStats;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A scheduling pass journals all the jobs it starts with one fsync, and launches each of them afterwards. */
class PassGroupCommitTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    @TempDir
    Path dir;
    ControllerFixture cluster;

    @BeforeEach
    void start() throws Exception {
        cluster = new ControllerFixture(dir, "SelectType=select/cons_tres\nSelectTypeParameters=CR_Core_Memory\n");
        cluster.register("gpu01", 16000);
        cluster.register("gpu02", 16000);
    }

    @AfterEach
    void stop() throws Exception {
        cluster.close();
    }

    @Test
    void sixStartsInOnePassCostOneJournalSyncAndAreAllLaunched() throws Exception {
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            ids.add(cluster.submit(ALICE, job(ALICE, "alice").setTimeLimitMinutes(10).setMemPerNodeMb(1000)));
        }
        JournalStats before = cluster.controller.store().journalStats();

        assertThat(cluster.controller.loop().runPass()).extracting(j -> j.jobId())
                .containsExactlyInAnyOrderElementsOf(ids);

        JournalStats after = cluster.controller.store().journalStats();
        assertThat(after.entries() - before.entries()).as("journal entries of the pass").isEqualTo(6);
        assertThat(after.syncs() - before.syncs()).as("fsyncs of the pass").isEqualTo(1);
        Set<Long> launched = new HashSet<>();
        for (int i = 0; i < 6; i++) {
            launched.add((long) cluster.slurmdPeer.next(LaunchBatchJob.class, WAIT).getJobId());
        }
        assertThat(launched).containsExactlyInAnyOrderElementsOf(ids);
        for (long id : ids) {
            assertThat(cluster.job(id).getState()).isEqualTo(JobState.JOB_RUNNING);
        }
    }
}
