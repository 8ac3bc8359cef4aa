package io.jslurm.sched.backfill;

import static io.jslurm.sched.testing.JobBuilder.hours;
import static io.jslurm.sched.testing.JobBuilder.job;
import static io.jslurm.sched.testing.RunningJobBuilder.running;
import static io.jslurm.sched.testing.Scenario.NOW;
import static io.jslurm.sched.testing.Scenario.seedCluster;
import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.sched.model.CoreSet;
import io.jslurm.sched.plan.JobStart;
import io.jslurm.sched.plan.PendingReason;
import io.jslurm.sched.plan.Plan;
import io.jslurm.sched.testing.Scenario;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The seed cluster with gpu[01-12] busy for four more hours: a whole-cluster training job waits for them, and
 * two-GPU jobs use the four idle nodes meanwhile only if they finish in time.
 */
class SeedClusterBackfillTest {

    static Scenario twelveBusyNodes() {
        Scenario scenario = seedCluster();
        for (int i = 1; i <= 12; i++) {
            scenario.running(running(500 + i).partition("gpu").on(String.format("gpu%02d", i), CoreSet.range(0, 128),
                    1024 * 1024, 0, 1, 2, 3, 4, 5, 6, 7).endsIn(hours(4)));
        }
        return scenario;
    }

    static List<Long> started(Plan plan) {
        return plan.starts().stream().map(JobStart::jobId).toList();
    }

    @Test
    void shortTwoGpuJobsFillTheIdleNodesBeforeTheBigJobsReservation() {
        Plan plan = twelveBusyNodes().queue(
                job(1).partition("gpu").priority(1000).nodes(16).gpusPerNode(8).cpusPerTask(64).memGiB(512)
                        .time(hours(24)),
                job(2).partition("gpu").priority(10).gpus(2).cpusPerTask(16).memGiB(128).time(hours(2)),
                job(3).partition("gpu").priority(10).gpus(2).cpusPerTask(16).memGiB(128).time(hours(6)),
                job(4).partition("gpu").priority(5).gpus(2).cpusPerTask(16).memGiB(128).time(hours(3)))
                .schedule();

        assertThat(plan.reservation(1).orElseThrow().expectedStart()).isEqualTo(NOW.plus(hours(4)));
        assertThat(plan.reservation(1).orElseThrow().nodes()).hasSize(16);
        assertThat(started(plan)).containsExactly(2L, 4L);
        assertThat(plan.start(2).orElseThrow().allocation().nodeNames().get(0)).isIn("gpu13", "gpu14", "gpu15",
                "gpu16");
        assertThat(plan.pending(3).orElseThrow().reason()).isEqualTo(PendingReason.PRIORITY);
        assertThat(plan.pending(3).orElseThrow().blockedBy()).hasValue(1L);
        // The big job holds every node from +4h to +28h, past bf_window: no estimate for job 3.
        assertThat(plan.pending(3).orElseThrow().expectedStart()).isEmpty();
    }

    @Test
    void withoutABigJobWaitingEveryTwoGpuJobStartsAndTheyShareNodes() {
        Plan plan = twelveBusyNodes().queue(
                job(2).partition("gpu").gpus(2).cpusPerTask(16).memGiB(128).time(hours(2)),
                job(3).partition("gpu").gpus(2).cpusPerTask(16).memGiB(128).time(hours(6)),
                job(4).partition("gpu").gpus(2).cpusPerTask(16).memGiB(128).time(hours(3))).schedule();

        assertThat(started(plan)).containsExactly(2L, 3L, 4L);
        assertThat(plan.starts().stream().map(s -> s.allocation().nodeNames().get(0)).distinct()).hasSize(1);
    }
}
