package io.jslurm.sched.backfill;

import static io.jslurm.sched.testing.JobBuilder.hours;
import static io.jslurm.sched.testing.JobBuilder.job;
import static io.jslurm.sched.testing.NodeBuilder.node;
import static io.jslurm.sched.testing.RunningJobBuilder.running;
import static io.jslurm.sched.testing.Scenario.NOW;
import static io.jslurm.sched.testing.Scenario.scenario;
import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.sched.model.CoreSet;
import io.jslurm.sched.plan.JobStart;
import io.jslurm.sched.plan.Plan;
import io.jslurm.sched.testing.Scenario;
import org.junit.jupiter.api.Test;

/**
 * SchedulerParameters=bf_busy_nodes. Four 8-core nodes; n3 and n4 are busy for one more hour. The top job needs three
 * whole nodes for two hours, so it is reserved for now+1h; the next job needs one whole node for three hours, so it
 * can start now only on an idle node the reservation leaves alone.
 */
class BusyNodesTest {

    private static Scenario lastTwoNodesBusy(boolean busyNodes) {
        Scenario scenario = scenario().nodes(node("n1"), node("n2"), node("n3"), node("n4"))
                .running(running(90).on("n3", CoreSet.range(0, 8), 1024).endsIn(hours(1)),
                        running(91).on("n4", CoreSet.range(0, 8), 1024).endsIn(hours(1)));
        return scenario.params(scenario.params().withBackfill(scenario.params().backfill().withBusyNodes(busyNodes)))
                .queue(job(1).priority(100).nodes(3).ntasks(24).time(hours(2)),
                        job(2).priority(10).ntasks(8).time(hours(3)));
    }

    @Test
    void withBusyNodesTheReservationTakesTheBusyNodesAndAnIdleNodeIsLeftToBackfill() {
        Plan plan = lastTwoNodesBusy(true).schedule();

        assertThat(plan.reservation(1).orElseThrow().expectedStart()).isEqualTo(NOW.plus(hours(1)));
        assertThat(plan.reservation(1).orElseThrow().nodes()).contains("n3", "n4").hasSize(3);
        assertThat(plan.starts()).extracting(JobStart::jobId).containsExactly(2L);
        assertThat(plan.start(2).orElseThrow().allocation().nodeNames()).singleElement()
                .isNotIn(plan.reservation(1).orElseThrow().nodes());
    }

    @Test
    void withoutItTheReservationTakesTheFirstNodesInOrderAndTheLongJobMustWait() {
        Plan plan = lastTwoNodesBusy(false).schedule();

        assertThat(plan.reservation(1).orElseThrow().nodes()).containsExactly("n1", "n2", "n3");
        assertThat(plan.starts()).isEmpty();
        assertThat(plan.pending(2).orElseThrow().blockedBy()).hasValue(1L);
    }

    @Test
    void aJobThatFitsNowIsPlacedAsWithoutTheFlag() {
        Scenario scenario = scenario().nodes(node("n1"), node("n2"), node("n3"))
                .running(running(90).on("n3", CoreSet.range(0, 4), 1024).endsIn(hours(1)));
        scenario.params(scenario.params().withBackfill(scenario.params().backfill().withBusyNodes(true)))
                .queue(job(1).ntasks(8).time(hours(2)));

        // Starting now, the job goes to the first idle node by the plain ranking, not to the busy n3.
        assertThat(scenario.schedule().start(1).orElseThrow().allocation().nodeNames()).containsExactly("n1");
    }
}
