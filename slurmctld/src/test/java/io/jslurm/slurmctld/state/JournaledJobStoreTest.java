package io.jslurm.slurmctld.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.slurmctld.job.Allocation;
import io.jslurm.common.jobid.ArraySpec;
import io.jslurm.slurmctld.job.ExitCode;
import io.jslurm.slurmctld.job.Hold;
import io.jslurm.slurmctld.job.IllegalTransitionException;
import io.jslurm.slurmctld.job.Job;
import io.jslurm.common.jobid.JobIdSpec;
import io.jslurm.slurmctld.job.JobSpec;
import io.jslurm.slurmctld.job.JobState;
import io.jslurm.slurmctld.job.PendingReason;
import io.jslurm.slurmctld.job.StateChange;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JournaledJobStoreTest {

    private static final Allocation NODES = new Allocation("gpu[01-04]", 4, 192, 1_000_000, List.of());

    @TempDir
    Path stateDir;

    private final SettableClock clock = new SettableClock(Instant.parse("2026-11-30T01:00:00Z"));
    private JournaledJobStore store;

    private JournaledJobStore open(JobStoreConfig config) {
        store = JournaledJobStore.open(config, clock);
        return store;
    }

    private JournaledJobStore open() {
        return open(JobStoreConfig.defaults(stateDir));
    }

    @AfterEach
    void closeStore() {
        if (store != null) {
            store.close();
        }
    }

    @Test
    void submittedJobsGetConsecutiveIdsFromFirstJobId() {
        open(JobStoreConfig.defaults(stateDir).withJobIds(1000, 5000));
        Job first = store.submit(SampleJobs.training("a"));
        Job second = store.submit(SampleJobs.training("b"));
        assertThat(first.jobId()).isEqualTo(1000);
        assertThat(second.jobId()).isEqualTo(1001);
        assertThat(first.state()).isEqualTo(JobState.PENDING);
        assertThat(first.status().submitTime()).isEqualTo(clock.instant().getEpochSecond());
        assertThat(store.get(1001)).contains(second);
        assertThat(store.nextJobId()).isEqualTo(1002);
    }

    @Test
    void arrayTasksShareTheFirstTasksIdAsArrayJobId() {
        open(JobStoreConfig.defaults(stateDir).withJobIds(100, 5000));
        store.submit(SampleJobs.training("before"));
        List<Job> tasks = store.submitArray(SampleJobs.training("sweep"), ArraySpec.parse("0,10,20,30%4"));
        assertThat(tasks).extracting(Job::jobId).containsExactly(101L, 102L, 103L, 104L);
        assertThat(tasks).extracting(Job::arrayJobId).containsOnly(101L);
        assertThat(tasks).extracting(Job::displayId).containsExactly("101_0", "101_10", "101_20", "101_30");
        assertThat(tasks).extracting(Job::arrayMaxRunning).containsOnly(4);

        assertThat(store.find(JobIdSpec.parse("101"))).hasSize(4);
        assertThat(store.find(JobIdSpec.parse("101_20"))).extracting(Job::jobId).containsExactly(103L);
        assertThat(store.find(JobIdSpec.parse("101_5"))).isEmpty();
        assertThat(store.find(JobIdSpec.parse("100"))).extracting(Job::displayId).containsExactly("100");
        assertThat(store.find(JobIdSpec.parse("100_0"))).isEmpty();
        assertThat(store.find(JobIdSpec.parse("103"))).isEmpty();
        assertThat(store.get(103)).map(Job::displayId).contains("101_20");
    }

    @Test
    void lifecycleChangesAreKeptAndIllegalOnesRejected() {
        open();
        long id = store.submit(SampleJobs.training("run")).jobId();
        clock.advance(Duration.ofSeconds(30));
        Job running = store.transition(id, StateChange.start(JobState.RUNNING, NODES));
        assertThat(running.status().startTime()).isEqualTo(clock.instant().getEpochSecond());
        assertThatThrownBy(() -> store.hold(id, Hold.USER)).isInstanceOf(IllegalTransitionException.class);
        clock.advance(Duration.ofHours(1));
        Job done = store.transition(id, StateChange.finish(JobState.FAILED, ExitCode.of(2, 0),
                PendingReason.NON_ZERO_EXIT_CODE));
        assertThat(done.status().exitCode()).hasToString("2:0");
        assertThatThrownBy(() -> store.cancel(id)).isInstanceOf(IllegalTransitionException.class);
        assertThat(store.get(id)).contains(done);
        assertThatThrownBy(() -> store.cancel(999_999)).isInstanceOf(UnknownJobException.class)
                .hasMessageContaining("Invalid job id specified");
    }

    @Test
    void requeueOfFinishedJobGoesStraightBackToPending() {
        open();
        long id = store.submit(SampleJobs.training("run")).jobId();
        store.transition(id, StateChange.start(JobState.RUNNING, NODES));
        store.transition(id, StateChange.finish(JobState.NODE_FAIL, ExitCode.of(0, 9), PendingReason.NONE));
        Job requeued = store.requeue(id);
        assertThat(requeued.state()).isEqualTo(JobState.PENDING);
        assertThat(requeued.status().restartCount()).isEqualTo(1);

        store.transition(id, StateChange.start(JobState.RUNNING, NODES));
        Job waiting = store.requeue(id);
        assertThat(waiting.state()).isEqualTo(JobState.REQUEUED);
        assertThat(store.transition(id, StateChange.to(JobState.PENDING)).status().restartCount()).isEqualTo(2);
    }

    @Test
    void holdReleaseAndUpdate() {
        open();
        long id = store.submit(SampleJobs.training("run")).jobId();
        assertThat(store.hold(id, Hold.ADMIN).status().reason()).hasToString("JobHeldAdmin");
        assertThat(store.release(id).status().hold()).isEqualTo(Hold.NONE);
        Job updated = store.update(id, spec -> spec.toBuilder().comment("rerun").nice(50).build());
        assertThat(updated.spec().comment()).isEqualTo("rerun");
        assertThatThrownBy(() -> store.update(id, spec -> JobSpec.builder("mallory", 1000, 1000).build()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("owner");
        assertThat(store.get(id).orElseThrow().spec().nice()).isEqualTo(50);
    }

    @Test
    void purgeForgetsFinishedJobsAfterMinJobAge() {
        open(JobStoreConfig.defaults(stateDir).withMinJobAge(Duration.ofSeconds(300)));
        long done = store.submit(SampleJobs.training("done")).jobId();
        long waiting = store.submit(SampleJobs.training("waiting")).jobId();
        store.cancel(done);
        clock.advance(Duration.ofSeconds(299));
        assertThat(store.purge()).isEmpty();
        clock.advance(Duration.ofSeconds(1));
        assertThat(store.purge()).extracting(Job::jobId).containsExactly(done);
        assertThat(store.get(done)).isEmpty();
        assertThat(store.get(waiting)).isPresent();
    }

    @Test
    void zeroMinJobAgeKeepsFinishedJobs() {
        open(JobStoreConfig.defaults(stateDir).withMinJobAge(Duration.ZERO));
        long id = store.submit(SampleJobs.training("done")).jobId();
        store.cancel(id);
        clock.advance(Duration.ofDays(30));
        assertThat(store.purge()).isEmpty();
        assertThat(store.get(id)).isPresent();
    }

    @Test
    void idsWrapAtMaxJobIdAndSkipJobsStillKnown() {
        open(JobStoreConfig.defaults(stateDir).withJobIds(1, 5).withMinJobAge(Duration.ofSeconds(1)));
        List<Long> ids = List.of(store.submit(SampleJobs.training("a")).jobId(),
                store.submit(SampleJobs.training("b")).jobId(), store.submit(SampleJobs.training("c")).jobId(),
                store.submit(SampleJobs.training("d")).jobId());
        assertThat(ids).containsExactly(1L, 2L, 3L, 4L);
        assertThatThrownBy(() -> store.submit(SampleJobs.training("e"))).hasMessageContaining("no free job id");
        store.cancel(2);
        clock.advance(Duration.ofSeconds(5));
        store.purge();
        assertThat(store.submit(SampleJobs.training("f")).jobId()).isEqualTo(2);
    }

    @Test
    void arrayLargerThanTheFreeIdsIsRefusedWithoutReusingIds() {
        open(JobStoreConfig.defaults(stateDir).withJobIds(1, 4));
        assertThatThrownBy(() -> store.submitArray(SampleJobs.training("big"), ArraySpec.parse("0-3")))
                .hasMessageContaining("no free job id");
        assertThat(store.size()).isZero();
        assertThat(store.submitArray(SampleJobs.training("fits"), ArraySpec.parse("0-2")))
                .extracting(Job::jobId).containsExactlyInAnyOrder(1L, 2L, 3L);
    }

    @Test
    void completingJobCannotBeCancelled() {
        open();
        long id = store.submit(SampleJobs.training("run")).jobId();
        store.transition(id, StateChange.start(JobState.RUNNING, NODES));
        store.transition(id, StateChange.to(JobState.COMPLETING));
        assertThatThrownBy(() -> store.cancel(id)).isInstanceOf(IllegalTransitionException.class)
                .hasMessageContaining("already completing");
        assertThat(store.transition(id, StateChange.to(JobState.COMPLETED)).state()).isEqualTo(JobState.COMPLETED);
    }

    @Test
    void secondControllerOnTheSameStateIsRefused() {
        open();
        assertThatThrownBy(() -> JournaledJobStore.open(JobStoreConfig.defaults(stateDir), clock))
                .isInstanceOf(JobStoreException.class).hasMessageContaining("in use by another controller");
    }

    @Test
    void closedStoreRefusesChanges() {
        open().close();
        JournaledJobStore closed = store;
        store = null;
        assertThatThrownBy(() -> closed.submit(SampleJobs.training("late"))).hasMessageContaining("closed");
    }
}
