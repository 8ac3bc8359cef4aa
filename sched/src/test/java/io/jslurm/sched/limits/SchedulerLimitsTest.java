package io.jslurm.sched.limits;

import static io.jslurm.sched.testing.JobBuilder.job;
import static io.jslurm.sched.testing.Scenario.seedCluster;
import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.sched.plan.JobStart;
import io.jslurm.sched.plan.PendingReason;
import io.jslurm.sched.plan.PendingStatus;
import io.jslurm.sched.plan.Plan;
import io.jslurm.sched.testing.JobBuilder;
import io.jslurm.sched.testing.Scenario;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** Limits inside a whole pass: the pass counts its own starts, and a limited job does not hold up others. */
class SchedulerLimitsTest {

    private static final AccountingPolicy SEED = new AccountingPolicy(Map.of(
            "normal", QosLimits.unlimited("normal", 0),
            "normal-train", new QosLimits("normal-train", 10, false, Map.of(), OptionalInt.empty(),
                    OptionalInt.empty(), OptionalInt.of(10), OptionalInt.empty(), Map.of(),
                    Map.of("gres/gpu", 32L), Optional.empty())),
            Map.of(1L, AssocLimits.unlimited(1, "root", ""), 2L, AssocLimits.unlimited(2, "ml", ""),
                    3L, AssocLimits.unlimited(3, "ml", "alice"), 4L, AssocLimits.unlimited(4, "ml", "bob")),
            true);

    static JobBuilder gpuJob(long id, String user, long assoc, int gpus) {
        return job(id).partition("gpu").gpus(gpus).cpusPerTask(1).memGiB(8).limits(new LimitedJob(user,
                "normal-train", List.of(assoc, 2L, 1L), Map.of("cpu", 1L, "node", 1L, "gres/gpu", (long) gpus),
                Optional.empty()));
    }

    static List<Long> started(Plan plan) {
        return plan.starts().stream().map(JobStart::jobId).toList();
    }

    static String reason(Plan plan, long id) {
        return plan.pending(id).map(PendingStatus::reason).map(PendingReason::slurmName).orElse("started");
    }

    @Test
    void aUsersEightGpuJobsStopAtThirtyTwoGpusWhileAnotherUsersStart() {
        Scenario scenario = seedCluster().limits(new LimitInputs(SEED, List.of()));
        for (int i = 1; i <= 6; i++) {
            scenario.queue(gpuJob(i, "alice", 3, 8).priority(100 - i));
        }
        scenario.queue(gpuJob(7, "bob", 4, 8).priority(1));

        Plan plan = scenario.schedule();

        assertThat(started(plan)).containsExactlyInAnyOrder(1L, 2L, 3L, 4L, 7L);
        assertThat(reason(plan, 5)).isEqualTo("QOSMaxGRESPerUser");
        assertThat(reason(plan, 6)).isEqualTo("QOSMaxGRESPerUser");
    }

    @Test
    void runningJobsCountAndTheWaitingJobStartsOnceTheyAreGone() {
        List<LimitedJob> running = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            running.add(new LimitedJob("alice", "normal-train", List.of(3L, 2L, 1L), Map.of("gres/gpu", 8L),
                    Optional.empty()));
        }
        Plan full = seedCluster().limits(new LimitInputs(SEED, running)).queue(gpuJob(9, "alice", 3, 8)).schedule();
        assertThat(reason(full, 9)).isEqualTo("QOSMaxGRESPerUser");

        Plan freed = seedCluster().limits(new LimitInputs(SEED, running.subList(0, 3)))
                .queue(gpuJob(9, "alice", 3, 8)).schedule();
        assertThat(started(freed)).containsExactly(9L);
    }

    @Test
    void maxJobsPerUserCountsThisPassesStartsAlso() {
        Scenario scenario = seedCluster().limits(new LimitInputs(SEED, List.of()));
        for (int i = 1; i <= 12; i++) {
            scenario.queue(job(i).partition("gpu").cpusPerTask(1).memGiB(1).priority(100 - i).limits(
                    new LimitedJob("alice", "normal-train", List.of(3L, 2L, 1L), Map.of("cpu", 1L),
                            Optional.empty())));
        }

        Plan plan = scenario.schedule();

        assertThat(plan.starts()).hasSize(10);
        assertThat(reason(plan, 11)).isEqualTo("QOSMaxJobsPerUserLimit");
        assertThat(reason(plan, 12)).isEqualTo("QOSMaxJobsPerUserLimit");
    }

    @Test
    void withoutLimitsTheSameQueueRunsWhole() {
        Scenario scenario = seedCluster();
        for (int i = 1; i <= 6; i++) {
            scenario.queue(gpuJob(i, "alice", 3, 8));
        }
        Plan plan = scenario.schedule();

        assertThat(plan.starts()).hasSize(6);
    }
}
