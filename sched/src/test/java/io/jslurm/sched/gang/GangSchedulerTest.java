package io.jslurm.sched.gang;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.sched.model.Allocation;
import io.jslurm.sched.model.CoreSet;
import io.jslurm.sched.model.NodeAllocation;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class GangSchedulerTest {

    private static final Duration SLICE = Duration.ofSeconds(30);
    private static final Instant T0 = Instant.ofEpochSecond(1_000_000);

    private static Allocation cores(String node, int... cores) {
        return new Allocation(List.of(new NodeAllocation(node, 1, CoreSet.of(cores), 100, List.of())));
    }

    private static GangJob running(long id, Allocation allocation, Instant since) {
        return new GangJob(id, 1, allocation, true, since);
    }

    private static GangJob suspended(long id, Allocation allocation, Instant since) {
        return new GangJob(id, 1, allocation, false, since);
    }

    @Test
    void aNewJobOnBusyCoresIsSuspendedUntilTheSliceEnds() {
        GangPlan plan = GangScheduler.next(List.of(running(1, cores("n1", 0), T0),
                running(2, cores("n1", 0), T0.plusSeconds(5))), T0, SLICE, T0.plusSeconds(5));

        assertThat(plan.suspend()).containsExactly(2L);
        assertThat(plan.resume()).isEmpty();
        assertThat(plan.sliceStart()).isEqualTo(T0);
    }

    @Test
    void atTheEndOfTheSliceTheSuspendedJobRunsAndTheRunningOneWaits() {
        Instant end = T0.plus(SLICE);
        GangPlan plan = GangScheduler.next(List.of(running(1, cores("n1", 0), T0),
                suspended(2, cores("n1", 0), T0.plusSeconds(5))), T0, SLICE, end);

        assertThat(plan.suspend()).containsExactly(1L);
        assertThat(plan.resume()).containsExactly(2L);
        assertThat(plan.sliceStart()).as("a new slice begins").isEqualTo(end);
    }

    @Test
    void twoJobsOnOneCoreAlternateSliceBySliceAndThreeGoRound() {
        List<Long> runners = simulate(List.of(running(1, cores("n1", 0), T0),
                running(2, cores("n1", 0), T0), running(3, cores("n1", 0), T0)), 6);
        assertThat(runners).containsExactly(1L, 2L, 3L, 1L, 2L, 3L);

        assertThat(simulate(List.of(running(1, cores("n1", 0), T0), running(2, cores("n1", 0), T0)), 4))
                .containsExactly(1L, 2L, 1L, 2L);
    }

    /** Applies each slice's plan to the jobs and returns the one running in each of {@code slices} slices. */
    private static List<Long> simulate(List<GangJob> start, int slices) {
        List<GangJob> jobs = new ArrayList<>(start);
        Instant sliceStart = T0;
        List<Long> runners = new ArrayList<>();
        for (int i = 0; i < slices; i++) {
            Instant now = i == 0 ? T0 : sliceStart.plus(SLICE);
            GangPlan plan = GangScheduler.next(jobs, sliceStart, SLICE, now);
            sliceStart = plan.sliceStart();
            List<GangJob> after = new ArrayList<>();
            for (GangJob job : jobs) {
                boolean runs = plan.resume().contains(job.jobId())
                        || job.running() && !plan.suspend().contains(job.jobId());
                after.add(runs == job.running() ? job
                        : new GangJob(job.jobId(), job.priorityTier(), job.allocation(), runs, now));
            }
            jobs = after;
            List<Long> running = jobs.stream().filter(GangJob::running).map(GangJob::jobId).toList();
            assertThat(running).as("one job at a time on the shared core").hasSize(1);
            runners.add(running.get(0));
        }
        return runners;
    }

    @Test
    void jobsOnDifferentCoresAllRun() {
        GangPlan plan = GangScheduler.next(List.of(running(1, cores("n1", 0, 1), T0),
                running(2, cores("n1", 2, 3), T0), suspended(3, cores("n2", 0), T0)), T0, SLICE, T0.plusSeconds(1));

        assertThat(plan.suspend()).isEmpty();
        assertThat(plan.resume()).as("nothing else uses its cores").containsExactly(3L);
    }

    @Test
    void aSuspendedJobResumesAtOnceWhenTheJobOnItsCoresIsGone() {
        GangPlan plan = GangScheduler.next(List.of(suspended(2, cores("n1", 0), T0)), T0, SLICE,
                T0.plusSeconds(3));

        assertThat(plan.resume()).containsExactly(2L);
        assertThat(plan.sliceStart()).isEqualTo(T0);
    }

    @Test
    void aJobSpanningTwoNodesWaitsWhileEitherNodeIsBusy() {
        Allocation wide = new Allocation(List.of(new NodeAllocation("n1", 1, CoreSet.of(0), 0, List.of()),
                new NodeAllocation("n2", 1, CoreSet.of(0), 0, List.of())));
        GangPlan plan = GangScheduler.next(List.of(running(1, cores("n2", 0), T0),
                running(2, cores("n1", 1), T0), suspended(3, wide, T0)), T0, SLICE, T0.plusSeconds(1));

        assertThat(plan.resume()).isEmpty();
        assertThat(plan.suspend()).isEmpty();
    }

    @Test
    void aHigherTierJobIsNeverTimeSlicedAway() {
        GangJob high = new GangJob(1, 10, cores("n1", 0), true, T0);
        GangPlan plan = GangScheduler.next(List.of(high, suspended(2, cores("n1", 0), T0.minusSeconds(100))), T0,
                SLICE, T0.plus(SLICE));

        assertThat(plan.suspend()).isEmpty();
        assertThat(plan.resume()).isEmpty();
    }

    @Test
    void aWideJobThatWaitedLongestGetsItsTurnBeforeSmallerOnes() {
        Allocation both = cores("n1", 0, 1);
        Set<Long> resumed = new HashSet<>(GangScheduler.next(List.of(running(1, cores("n1", 0), T0),
                running(2, cores("n1", 1), T0), suspended(3, both, T0.minusSeconds(1))), T0, SLICE,
                T0.plus(SLICE)).resume());

        assertThat(resumed).containsExactly(3L);
    }

    @Test
    void aZeroSliceIsRejected() {
        assertThatThrownBy(() -> GangScheduler.next(List.of(), T0, Duration.ZERO, T0))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
