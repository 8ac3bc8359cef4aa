package io.jslurm.sched.backfill;

import static io.jslurm.sched.testing.JobBuilder.hours;
import static io.jslurm.sched.testing.JobBuilder.job;
import static io.jslurm.sched.testing.JobBuilder.minutes;
import static io.jslurm.sched.testing.NodeBuilder.node;
import static io.jslurm.sched.testing.RunningJobBuilder.running;
import static io.jslurm.sched.testing.Scenario.NOW;
import static io.jslurm.sched.testing.Scenario.scenario;
import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.sched.model.CoreSet;
import io.jslurm.sched.plan.JobStart;
import io.jslurm.sched.plan.PendingReason;
import io.jslurm.sched.plan.PendingStatus;
import io.jslurm.sched.plan.Plan;
import io.jslurm.sched.testing.Scenario;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Two 8-core nodes; n1 is fully busy for two more hours. The top job needs both nodes, so it is reserved for
 * now+2h on n1 and n2; what may run on n2 until then is the backfill question.
 */
class BackfillTest {

    static Scenario busyFirstNode() {
        return scenario().nodes(node("n1"), node("n2"))
                .running(running(90).on("n1", CoreSet.range(0, 8), 1024).endsIn(hours(2)));
    }

    static List<Long> started(Plan plan) {
        return plan.starts().stream().map(JobStart::jobId).toList();
    }

    @Test
    void theTopJobGetsAReservationAtItsEarliestStart() {
        Plan plan = busyFirstNode().queue(job(1).priority(100).nodes(2).ntasks(16)).schedule();

        assertThat(plan.reservation(1)).hasValueSatisfying(r -> {
            assertThat(r.expectedStart()).isEqualTo(NOW.plus(hours(2)));
            assertThat(r.nodes()).containsExactly("n1", "n2");
        });
        assertThat(plan.pending(1).orElseThrow().expectedStart()).contains(NOW.plus(hours(2)));
        assertThat(plan.pending(1).orElseThrow().reason()).isEqualTo(PendingReason.RESOURCES);
    }

    @Test
    void aShortJobStartsNowInTheGapBeforeTheReservation() {
        Plan plan = busyFirstNode().queue(
                job(1).priority(100).nodes(2).ntasks(16),
                job(2).priority(10).ntasks(8).time(hours(1))).schedule();

        assertThat(started(plan)).containsExactly(2L);
        assertThat(plan.start(2).orElseThrow().backfilled()).isTrue();
        assertThat(plan.start(2).orElseThrow().allocation().nodeNames()).containsExactly("n2");
        assertThat(plan.reservation(1).orElseThrow().expectedStart()).isEqualTo(NOW.plus(hours(2)));
    }

    @Test
    void aLongJobThatWouldDelayTheReservationWaits() {
        Plan plan = busyFirstNode().queue(
                job(1).priority(100).nodes(2).ntasks(16),
                job(2).priority(10).ntasks(8).time(hours(3))).schedule();

        assertThat(plan.starts()).isEmpty();
        PendingStatus status = plan.pending(2).orElseThrow();
        assertThat(status.reason()).isEqualTo(PendingReason.PRIORITY);
        assertThat(status.blockedBy()).hasValue(1L);
        assertThat(status.expectedStart()).contains(NOW.plus(hours(3)));
        assertThat(plan.reservation(1).orElseThrow().expectedStart()).isEqualTo(NOW.plus(hours(2)));
    }

    @Test
    void aLongJobMayStillUseWhatTheReservationLeavesFree() {
        Plan plan = busyFirstNode().queue(
                job(1).priority(100).nodes(2).ntasks(12),
                job(2).priority(10).ntasks(2).time(hours(10))).schedule();

        assertThat(started(plan)).containsExactly(2L);
        assertThat(plan.reservation(1).orElseThrow().expectedStart()).isEqualTo(NOW.plus(hours(2)));
    }

    @Test
    void withoutBackfillOnlyStrictPriorityApplies() {
        Plan plan = busyFirstNode().noBackfill().queue(
                job(1).priority(100).nodes(2).ntasks(16),
                job(2).priority(10).ntasks(8).time(hours(1))).schedule();

        assertThat(plan.starts()).isEmpty();
        assertThat(plan.reservations()).isEmpty();
        assertThat(plan.pending(2).orElseThrow().reason()).isEqualTo(PendingReason.PRIORITY);
    }

    @Test
    void laterReservationsQueueBehindEarlierOnes() {
        Plan plan = busyFirstNode().queue(
                job(1).priority(100).nodes(2).ntasks(16).time(hours(1)),
                job(2).priority(50).nodes(2).ntasks(16).time(hours(1))).schedule();

        assertThat(plan.reservation(1).orElseThrow().expectedStart()).isEqualTo(NOW.plus(hours(2)));
        assertThat(plan.reservation(2).orElseThrow().expectedStart()).isEqualTo(NOW.plus(hours(3)));
    }

    @Test
    void noReservationBeyondTheWindow() {
        Scenario scenario = scenario().nodes(node("n1"), node("n2"))
                .running(running(90).on("n1", CoreSet.range(0, 8), 1024).endsIn(hours(30)));

        Plan plan = scenario.queue(job(1).nodes(2).ntasks(16)).schedule();

        assertThat(plan.reservations()).isEmpty();
        assertThat(plan.pending(1).orElseThrow().expectedStart()).isEmpty();
    }

    @Test
    void aRunningJobWithoutTimeLimitNeverFreesItsNodes() {
        Scenario scenario = scenario().nodes(node("n1"), node("n2"))
                .running(running(90).on("n1", CoreSet.range(0, 8), 1024).noTimeLimit());

        Plan plan = scenario.queue(job(1).nodes(2).ntasks(16)).schedule();

        assertThat(plan.reservations()).isEmpty();
    }

    @Test
    void endTimesAreRoundedUpToTheResolution() {
        Scenario scenario = scenario().nodes(node("n1"))
                .running(running(90).on("n1", CoreSet.range(0, 8), 1024).endsIn(Duration.ofSeconds(90)));

        Plan plan = scenario.queue(job(1).ntasks(8)).schedule();

        assertThat(plan.reservation(1).orElseThrow().expectedStart()).isEqualTo(NOW.plusSeconds(120));
    }

    @Test
    void bfMaxJobTestStopsTheExamination() {
        Scenario scenario = busyFirstNode();
        scenario.params(scenario.params().withBackfill(scenario.params().backfill().withMaxJobTest(1)));

        Plan plan = scenario.queue(job(1).priority(100).nodes(2).ntasks(16),
                job(2).priority(10).ntasks(8).time(hours(1))).schedule();

        assertThat(plan.starts()).isEmpty();
        assertThat(plan.reservation(1)).isPresent();
    }

    @Test
    void bfMaxJobUserLimitsJobsExaminedPerUser() {
        Scenario scenario = busyFirstNode();
        scenario.params(scenario.params().withBackfill(scenario.params().backfill().withMaxJobUser(1)));

        Plan plan = scenario.queue(job(1).user(1).priority(100).nodes(2).ntasks(16),
                job(2).user(1).priority(10).ntasks(4).time(hours(1)),
                job(3).user(2).priority(5).ntasks(4).time(hours(1))).schedule();

        assertThat(started(plan)).containsExactly(3L);
    }

    @Test
    void bfMaxJobPartLimitsJobsExaminedPerPartition() {
        Scenario scenario = busyFirstNode();
        scenario.params(scenario.params().withBackfill(scenario.params().backfill().withMaxJobPart(2)));

        Plan plan = scenario.queue(job(1).priority(100).nodes(2).ntasks(16),
                job(2).priority(10).ntasks(4).time(hours(1)),
                job(3).priority(5).ntasks(4).time(hours(1))).schedule();

        assertThat(started(plan)).containsExactly(2L);
    }

    @Test
    void backfillRespectsTheMainPassStartsWhenPlanning() {
        Plan plan = scenario().nodes(node("n1")).queue(
                job(1).priority(100).ntasks(8).time(minutes(30)),
                job(2).priority(50).ntasks(8).time(minutes(30))).schedule();

        assertThat(started(plan)).containsExactly(1L);
        assertThat(plan.reservation(2).orElseThrow().expectedStart()).isEqualTo(NOW.plus(minutes(30)));
    }
}
