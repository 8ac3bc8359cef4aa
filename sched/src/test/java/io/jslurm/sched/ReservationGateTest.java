package io.jslurm.sched;

import static io.jslurm.sched.testing.JobBuilder.hours;
import static io.jslurm.sched.testing.JobBuilder.job;
import static io.jslurm.sched.testing.NodeBuilder.node;
import static io.jslurm.sched.testing.Scenario.NOW;
import static io.jslurm.sched.testing.Scenario.scenario;
import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.sched.model.AdvanceReservation;
import io.jslurm.sched.plan.PendingReason;
import io.jslurm.sched.plan.PendingStatus;
import io.jslurm.sched.plan.Plan;
import io.jslurm.sched.testing.Scenario;
import java.time.Instant;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Advance reservations in a pass: who may use the reserved nodes, and when. */
class ReservationGateTest {

    private static AdvanceReservation resv(String name, Instant start, Instant end, boolean maint, String... nodes) {
        return new AdvanceReservation(name, Set.of(nodes), start, end, maint);
    }

    private static Scenario twoNodes() {
        return scenario().nodes(node("n1").coresPerSocket(4), node("n2").coresPerSocket(4));
    }

    private static String nodeOf(Plan plan, long jobId) {
        return plan.start(jobId).orElseThrow(() -> new AssertionError("job " + jobId + " did not start: " + plan))
                .allocation().nodeNames().get(0);
    }

    @Test
    void aJobOutsideAnActiveReservationGoesToTheOtherNode() {
        Plan plan = twoNodes().reservations(resv("r1", NOW.minusSeconds(60), NOW.plus(hours(2)), false, "n1"))
                .queue(job(1).ntasks(4), job(2).ntasks(4)).schedule();

        assertThat(nodeOf(plan, 1)).isEqualTo("n2");
        assertThat(plan.start(2)).isEmpty();
        assertThat(plan.pending(2).orElseThrow().reason()).isEqualTo(PendingReason.RESOURCES);
        assertThat(plan.pending(2).orElseThrow().neverSatisfiable()).isFalse();
    }

    @Test
    void aJobInTheReservationRunsOnlyOnItsNodes() {
        Plan plan = twoNodes().reservations(resv("r1", NOW.minusSeconds(60), NOW.plus(hours(2)), false, "n2"))
                .queue(job(1).reservation("r1"), job(2).reservation("r1").ntasks(4)).schedule();

        assertThat(nodeOf(plan, 1)).isEqualTo("n2");
        assertThat(plan.start(2)).isEmpty();
    }

    @Test
    void aJobInAFutureReservationWaitsWithReasonReservationUntilItStarts() {
        Instant start = NOW.plus(hours(1));
        Scenario scenario = twoNodes().reservations(resv("r1", start, start.plus(hours(1)), false, "n1"))
                .queue(job(1).reservation("r1"));

        PendingStatus before = scenario.schedule().pending(1).orElseThrow();
        assertThat(before.reason()).isEqualTo(PendingReason.RESERVATION);
        assertThat(before.expectedStart()).contains(start);

        assertThat(nodeOf(scenario.at(start).schedule(), 1)).isEqualTo("n1");
    }

    @Test
    void aJobOfAnEndedOrUnknownReservationWaitsWithReasonReservation() {
        Plan plan = twoNodes().reservations(resv("old", NOW.minus(hours(2)), NOW.minus(hours(1)), false, "n1"))
                .queue(job(1).reservation("old"), job(2).reservation("gone")).schedule();

        assertThat(plan.pending(1).orElseThrow().reason()).isEqualTo(PendingReason.RESERVATION);
        assertThat(plan.pending(2).orElseThrow().reason()).isEqualTo(PendingReason.RESERVATION);
        assertThat(plan.pending(2).orElseThrow().detail()).contains("gone");
    }

    @Test
    void aJobWhoseTimeLimitReachesIntoAFutureMaintenanceWaitsForIt() {
        Instant start = NOW.plus(hours(1));
        Plan plan = twoNodes().reservations(resv("maint", start, start.plus(hours(1)), true, "n1", "n2"))
                .queue(job(1).time(hours(2)), job(2).time(java.time.Duration.ofMinutes(30))).schedule();

        assertThat(plan.start(1)).isEmpty();
        PendingStatus status = plan.pending(1).orElseThrow();
        assertThat(status.reason()).isEqualTo(PendingReason.RESERVED_FOR_MAINTENANCE);
        assertThat(status.reason().slurmName()).isEqualTo("ReqNodeNotAvail, Reserved for maintenance");
        assertThat(status.neverSatisfiable()).isFalse();
        // A short job ends before the window opens, so it may use the nodes now.
        assertThat(plan.start(2)).isPresent();
    }

    @Test
    void aJobWithoutTimeLimitMeetsEveryFutureReservation() {
        Instant start = NOW.plus(hours(100));
        Plan plan = twoNodes().reservations(resv("r", start, start.plus(hours(1)), false, "n1"))
                .queue(job(1).noTimeLimit().ntasks(4), job(2).noTimeLimit().ntasks(4)).schedule();

        assertThat(nodeOf(plan, 1)).isEqualTo("n2");
        assertThat(plan.pending(2).orElseThrow().reason()).isEqualTo(PendingReason.RESOURCES);
    }

    @Test
    void backfillPlansAnOutsideJobAroundTheReservedNodes() {
        Plan plan = twoNodes().reservations(resv("r1", NOW.plus(hours(1)), NOW.plus(hours(3)), false, "n1"))
                .queue(job(1).ntasks(4).time(hours(2)).priority(10), job(2).ntasks(4).time(hours(2)).priority(5))
                .schedule();

        assertThat(nodeOf(plan, 1)).isEqualTo("n2");
        assertThat(plan.start(2)).isEmpty();
        assertThat(plan.reservations()).allSatisfy(r -> assertThat(r.allocation().nodeNames()).doesNotContain("n1"));
    }

    @Test
    void theSamePassWithoutReservationsUsesBothNodes() {
        Plan plan = twoNodes().queue(job(1).ntasks(4), job(2).ntasks(4)).schedule();

        assertThat(plan.starts()).hasSize(2);
    }
}
