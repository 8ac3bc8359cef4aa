package io.jslurm.slurmctld.state;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.slurmctld.job.Allocation;
import io.jslurm.common.jobid.ArraySpec;
import io.jslurm.slurmctld.job.ExitCode;
import io.jslurm.slurmctld.job.Hold;
import io.jslurm.slurmctld.job.IllegalTransitionException;
import io.jslurm.slurmctld.job.Job;
import io.jslurm.slurmctld.job.JobState;
import io.jslurm.slurmctld.job.PendingReason;
import io.jslurm.slurmctld.job.StateChange;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Drives the store through random mixes of every kind of change, snapshots included, and checks at random
 * moments that what is on disk recovers to exactly the table in memory.
 */
class RandomizedRecoveryTest {

    private static final Allocation NODES = new Allocation("gpu[01-02]", 2, 96, 500_000, List.of());
    private static final JobState[] ENDINGS = {JobState.COMPLETED, JobState.FAILED, JobState.TIMEOUT,
            JobState.OUT_OF_MEMORY, JobState.NODE_FAIL, JobState.PREEMPTED};

    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void diskAlwaysRecoversToTheTableInMemory(long seed) {
        Random random = new Random(seed);
        SettableClock clock = new SettableClock(Instant.parse("2026-11-30T00:00:00Z"));
        JobStoreConfig config = JobStoreConfig.defaults(tmp.resolve("live")).withJobIds(1, 200)
                .withMinJobAge(Duration.ofSeconds(60)).withSnapshotAfterBytes(16 * 1024);
        int checks = 0;
        try (JournaledJobStore store = JournaledJobStore.open(config, clock)) {
            for (int step = 0; step < 400; step++) {
                clock.advance(Duration.ofSeconds(random.nextInt(20)));
                act(store, random);
                if (random.nextInt(50) == 0) {
                    Path image = StateFiles.crashImage(config.stateSaveLocation(), tmp.resolve("image" + step));
                    List<Job> expected = store.query(job -> true);
                    long next = store.nextJobId();
                    try (JournaledJobStore recovered = JournaledJobStore.open(config.withStateSaveLocation(image),
                            clock)) {
                        assertThat(recovered.query(job -> true)).as("step %d", step).containsExactlyElementsOf(expected);
                        assertThat(recovered.nextJobId()).isEqualTo(next);
                    }
                    checks++;
                }
            }
        }
        assertThat(checks).isPositive();
    }

    private static void act(JournaledJobStore store, Random random) {
        List<Job> jobs = store.query(job -> true);
        Job some = jobs.isEmpty() ? null : jobs.get(random.nextInt(jobs.size()));
        try {
            switch (random.nextInt(12)) {
                case 0, 1, 2 -> store.submit(SampleJobs.training("r" + random.nextInt(1000)));
                case 3 -> store.submitArray(SampleJobs.training("sweep"), ArraySpec.parse("0-2,7" + (random.nextBoolean() ? "%" + (1 + random.nextInt(3)) : "")));
                case 4, 5 -> {
                    if (some != null && some.state() == JobState.REQUEUED) {
                        store.transition(some.jobId(), StateChange.to(JobState.PENDING));
                    } else if (some != null) {
                        store.transition(some.jobId(), StateChange.start(JobState.RUNNING, NODES));
                    }
                }
                case 6 -> {
                    if (some != null) {
                        store.transition(some.jobId(), StateChange.finish(ENDINGS[random.nextInt(ENDINGS.length)],
                                ExitCode.of(random.nextInt(3), 0), PendingReason.NONE));
                    }
                }
                case 7 -> {
                    if (some != null) {
                        store.cancel(some.jobId());
                    }
                }
                case 8 -> {
                    if (some != null) {
                        if (some.status().hold() == Hold.NONE) {
                            store.hold(some.jobId(), random.nextBoolean() ? Hold.USER : Hold.ADMIN);
                        } else {
                            store.release(some.jobId());
                        }
                    }
                }
                case 9 -> {
                    if (some != null) {
                        store.requeue(some.jobId());
                    }
                }
                case 10 -> {
                    if (some != null) {
                        store.update(some.jobId(), spec -> spec.toBuilder().comment("c" + random.nextInt(100)).build());
                    }
                }
                default -> {
                    if (random.nextBoolean()) {
                        store.purge();
                    } else {
                        store.snapshot();
                    }
                }
            }
        } catch (IllegalTransitionException | JobStoreException expectedRefusal) {
            // Random changes are often not allowed in the job's state (or ids run out); refusals change nothing.
            if (expectedRefusal instanceof JobStoreException e && !e.getMessage().contains("no free job id")) {
                throw e;
            }
        }
    }
}
