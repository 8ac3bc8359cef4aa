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
        return new GangJob(id, "p", 1, allocation, true, since);
    }

    private static GangJob suspended(long id, Allocation allocation, Instant since) {
        return new GangJob(id, "p", 1, allocation, false, since);
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
                        : new GangJob(job.jobId(), job.partition(), job.priorityTier(), job.allocation(), runs, now));
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
        GangJob high = new GangJob(1, "high", 10, cores("n1", 0), true, T0);
        GangPlan plan = GangScheduler.next(List.of(high, suspended(2, cores("n1", 0), T0.minusSeconds(100))), T0,
                SLICE, T0.plus(SLICE));

        assertThat(plan.suspend()).isEmpty();
        assertThat(plan.resume()).isEmpty();
    }

    @Test
    void jobsOfTwoPartitionsOfTheSameTierDoNotTakeTurns() {
        GangJob a = new GangJob(1, "a", 1, cores("n1", 0), true, T0);
        GangJob b = new GangJob(2, "b", 1, cores("n1", 0), true, T0.plusSeconds(5));
        GangPlan within = GangScheduler.next(List.of(a, b), T0, SLICE, T0.plusSeconds(5));
        GangPlan atBoundary = GangScheduler.next(List.of(a, b), T0, SLICE, T0.plus(SLICE));

        assertThat(within.isEmpty()).as("time-slicing is per partition: both run").isTrue();
        assertThat(atBoundary.isEmpty()).isTrue();
    }

    @Test
    void aHigherTierPartitionsJobSuspendsLowerTierJobsOnItsCoresWhichResumeWhenItEnds() {
        GangJob high = new GangJob(9, "high", 10, cores("n1", 0, 1), true, T0.plusSeconds(20));
        GangJob lowOnItsCores = new GangJob(1, "low", 1, cores("n1", 1), true, T0);
        GangJob lowElsewhere = new GangJob(2, "low", 1, cores("n1", 2), true, T0);

        GangPlan plan = GangScheduler.next(List.of(high, lowOnItsCores, lowElsewhere), T0, SLICE,
                T0.plusSeconds(20));
        assertThat(plan.suspend()).as("the lower tier gives way at once, not at the slice's end").containsExactly(1L);
        assertThat(plan.resume()).isEmpty();

        GangJob suspendedLow = new GangJob(1, "low", 1, cores("n1", 1), false, T0.plusSeconds(20));
        GangPlan laterSlice = GangScheduler.next(List.of(high, suspendedLow, lowElsewhere), T0, SLICE,
                T0.plus(SLICE).plus(SLICE));
        assertThat(laterSlice.isEmpty()).as("no turn for the lower tier while the higher job runs").isTrue();

        GangPlan afterItEnds = GangScheduler.next(List.of(suspendedLow, lowElsewhere), T0, SLICE,
                T0.plusSeconds(40));
        assertThat(afterItEnds.resume()).containsExactly(1L);
    }

    @Test
    void lowerTierJobsStillTakeTurnsAmongThemselvesOnCoresNoHigherJobUses() {
        GangJob high = new GangJob(9, "high", 10, cores("n1", 0), true, T0);
        GangJob first = new GangJob(1, "low", 1, cores("n1", 1), true, T0);
        GangJob second = new GangJob(2, "low", 1, cores("n1", 1), false, T0.plusSeconds(1));

        GangPlan plan = GangScheduler.next(List.of(high, first, second), T0, SLICE, T0.plus(SLICE));

        assertThat(plan.suspend()).containsExactly(1L);
        assertThat(plan.resume()).containsExactly(2L);
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
