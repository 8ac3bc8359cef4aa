package io.jslurm.sched;

import static io.jslurm.sched.testing.JobBuilder.hours;
import static io.jslurm.sched.testing.JobBuilder.job;
import static io.jslurm.sched.testing.NodeBuilder.node;
import static io.jslurm.sched.testing.PartitionBuilder.partition;
import static io.jslurm.sched.testing.RunningJobBuilder.running;
import static io.jslurm.sched.testing.Scenario.NOW;
import static io.jslurm.sched.testing.Scenario.scenario;
import static io.jslurm.sched.testing.Scenario.seedCluster;
import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.sched.model.CoreSet;
import io.jslurm.sched.model.Eligibility;
import io.jslurm.sched.model.PartitionState;
import io.jslurm.sched.plan.JobStart;
import io.jslurm.sched.plan.PendingReason;
import io.jslurm.sched.plan.PendingStatus;
import io.jslurm.sched.plan.Plan;
import io.jslurm.sched.select.NodeRejection;
import io.jslurm.sched.testing.JobBuilder;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class SchedulerTest {

    static PendingReason reason(Plan plan, long jobId) {
        return plan.pending(jobId).map(PendingStatus::reason).orElseThrow(
                () -> new AssertionError("job " + jobId + " is not pending in " + plan));
    }

    static List<Long> started(Plan plan) {
        return plan.starts().stream().map(JobStart::jobId).toList();
    }

    @Nested
    class SeedCluster {

        @Test
        void fourNodeEightGpuJobGetsFourWholeGpuNodes() {
            Plan plan = seedCluster().queue(job(1).partition("gpu").nodes(4).gpusPerNode(8).cpusPerTask(64)
                    .memGiB(512)).schedule();

            JobStart start = plan.start(1).orElseThrow();
            assertThat(start.allocation().nodeNames()).containsExactly("gpu01", "gpu02", "gpu03", "gpu04");
            assertThat(start.allocation().nodes()).allSatisfy(n -> {
                assertThat(n.gpus()).containsExactly(0, 1, 2, 3, 4, 5, 6, 7);
                assertThat(n.cores().size()).isEqualTo(64);
            });
        }

        @Test
        void sixteenTaskArrayOfTwoGpuJobsPacksFourPerNode() {
            JobBuilder[] array = IntStream.rangeClosed(1, 16)
                    .mapToObj(i -> job(100 + i).partition("gpu").gpus(2).cpusPerTask(16).memGiB(128))
                    .toArray(JobBuilder[]::new);

            Plan plan = seedCluster().queue(array).schedule();

            assertThat(plan.starts()).hasSize(16);
            assertThat(plan.starts().stream().map(s -> s.allocation().nodeNames().get(0)).distinct())
                    .containsExactly("gpu01", "gpu02", "gpu03", "gpu04");
            for (String node : List.of("gpu01", "gpu02", "gpu03", "gpu04")) {
                List<Integer> gpus = plan.starts().stream().flatMap(s -> s.allocation().on(node).stream())
                        .flatMap(n -> n.gpus().stream()).sorted().toList();
                assertThat(gpus).containsExactly(0, 1, 2, 3, 4, 5, 6, 7);
            }
        }

        @Test
        void everyTwoGpuArrayTaskHasItsCoresOnItsGpusSocket() {
            JobBuilder[] array = IntStream.rangeClosed(1, 4)
                    .mapToObj(i -> job(i).partition("gpu").gpus(2).cpusPerTask(16).memGiB(128))
                    .toArray(JobBuilder[]::new);

            Plan plan = seedCluster().queue(array).schedule();

            for (JobStart start : plan.starts()) {
                var onNode = start.allocation().nodes().get(0);
                int socket = onNode.gpus().get(0) / 4;
                assertThat(onNode.gpus()).allMatch(gpu -> gpu / 4 == socket);
                assertThat(onNode.cores().stream()).allMatch(core -> core / 64 == socket);
            }
        }

        @Test
        void moreGpusPerNodeThanAnyNodeHasCanNeverBeSatisfied() {
            Plan plan = seedCluster().queue(job(1).partition("gpu").gpusPerNode(9)).schedule();

            PendingStatus status = plan.pending(1).orElseThrow();
            assertThat(status.neverSatisfiable()).isTrue();
            assertThat(status.reason()).isEqualTo(PendingReason.BAD_CONSTRAINTS);
            assertThat(status.metric().count(NodeRejection.GPUS)).isEqualTo(16);
            assertThat(status.detail()).contains("16 nodes: not enough GPUs");
        }

        @Test
        void aJobThatOnlyWaitsForBusyGpusIsNotCalledImpossible() {
            Plan plan = seedCluster().queue(job(1).partition("gpu").nodes(16).gpusPerNode(8),
                    job(2).partition("gpu").nodes(16).gpusPerNode(8)).noBackfill().schedule();

            assertThat(started(plan)).containsExactly(1L);
            assertThat(plan.pending(2).orElseThrow().neverSatisfiable()).isFalse();
            assertThat(reason(plan, 2)).isEqualTo(PendingReason.RESOURCES);
            assertThat(plan.pending(2).orElseThrow().metric()).hasToString("16 nodes: not enough GPUs");
        }
    }

    @Nested
    class PriorityOrder {

        @Test
        void higherPriorityStartsFirstAndTheBlockedTopJobStopsItsPartition() {
            Plan plan = scenario().nodes(node("n1"), node("n2")).noBackfill().queue(
                    job(1).priority(10).ntasks(8),
                    job(2).priority(30).nodes(2).ntasks(12),
                    job(3).priority(20).ntasks(8),
                    job(4).priority(5).ntasks(1)).schedule();

            assertThat(started(plan)).containsExactly(2L);
            assertThat(reason(plan, 3)).isEqualTo(PendingReason.RESOURCES);
            assertThat(reason(plan, 1)).isEqualTo(PendingReason.PRIORITY);
            assertThat(reason(plan, 4)).isEqualTo(PendingReason.PRIORITY);
            assertThat(plan.pending(4).orElseThrow().detail()).contains("job 3");
        }

        @Test
        void higherPriorityTierIsScheduledFirstWhateverTheJobPriority() {
            Plan plan = scenario().nodes(node("n1"))
                    .partitions(partition("low").tier(1), partition("high").tier(5))
                    .noBackfill()
                    .queue(job(1).partition("low").priority(1000).ntasks(8),
                            job(2).partition("high").priority(1).ntasks(8))
                    .schedule();

            assertThat(started(plan)).containsExactly(2L);
            assertThat(reason(plan, 1)).isEqualTo(PendingReason.RESOURCES);
        }

        @Test
        void equalPrioritiesGoByJobId() {
            Plan plan = scenario().nodes(node("n1")).noBackfill()
                    .queue(job(7).ntasks(8), job(3).ntasks(8), job(5).ntasks(8)).schedule();

            assertThat(started(plan)).containsExactly(3L);
            assertThat(reason(plan, 5)).isEqualTo(PendingReason.RESOURCES);
            assertThat(reason(plan, 7)).isEqualTo(PendingReason.PRIORITY);
        }

        @Test
        void equalPrioritiesGoByEarlierSubmitBeforeJobId() {
            Plan plan = scenario().nodes(node("n1")).noBackfill()
                    .queue(job(3).ntasks(8).submitted(JobBuilder.SUBMIT.plusSeconds(5)),
                            job(9).ntasks(8).submitted(JobBuilder.SUBMIT)).schedule();

            assertThat(started(plan)).containsExactly(9L);
        }

        @Test
        void aBlockedPartitionDoesNotStopAnother() {
            Plan plan = scenario().nodes(node("a1"), node("b1"))
                    .partitions(partition("a").nodes("a1"), partition("b").nodes("b1")).noBackfill()
                    .queue(job(1).partition("a").priority(10).ntasks(9),
                            job(2).partition("b").priority(5).ntasks(8))
                    .schedule();

            assertThat(started(plan)).containsExactly(2L);
        }

        @Test
        void aJobInTwoPartitionsStartsInWhicheverHasRoom() {
            Plan plan = scenario().nodes(node("a1").allocated(CoreSet.range(0, 8), 0), node("b1"))
                    .partitions(partition("a").nodes("a1").tier(2), partition("b").nodes("b1"))
                    .queue(job(1).partition("a", "b").ntasks(4))
                    .schedule();

            assertThat(plan.start(1).orElseThrow().partition()).isEqualTo("b");
            assertThat(plan.pending()).isEmpty();
        }

        @Test
        void defaultQueueDepthLimitsTheMainPass() {
            Plan plan = scenario().nodes(node("n1")).noBackfill()
                    .params(scenario().params().withBackfill(scenario().params().backfill().disabled())
                            .withDefaultQueueDepth(2))
                    .queue(job(1), job(2), job(3)).schedule();

            assertThat(started(plan)).containsExactly(1L, 2L);
            assertThat(reason(plan, 3)).isEqualTo(PendingReason.PRIORITY);
        }
    }

    @Nested
    class PendingReasons {

        @Test
        void holdsDependenciesAndBeginTimeComeBeforeResources() {
            Plan plan = scenario().nodes(node("n1")).queue(
                    job(1).eligibility(new Eligibility(Eligibility.Hold.USER, Eligibility.DependencyState.NONE,
                            Optional.empty())),
                    job(2).eligibility(new Eligibility(Eligibility.Hold.ADMIN, Eligibility.DependencyState.WAITING,
                            Optional.empty())),
                    job(3).eligibility(new Eligibility(Eligibility.Hold.NONE, Eligibility.DependencyState.WAITING,
                            Optional.empty())),
                    job(4).eligibility(new Eligibility(Eligibility.Hold.NONE,
                            Eligibility.DependencyState.NEVER_SATISFIED, Optional.empty())),
                    job(5).eligibility(new Eligibility(Eligibility.Hold.NONE, Eligibility.DependencyState.NONE,
                            Optional.of(NOW.plusSeconds(60)))),
                    job(6).eligibility(new Eligibility(Eligibility.Hold.NONE, Eligibility.DependencyState.NONE,
                            Optional.of(NOW.minusSeconds(60)))))
                    .schedule();

            assertThat(reason(plan, 1)).isEqualTo(PendingReason.JOB_HELD_USER);
            assertThat(reason(plan, 2)).isEqualTo(PendingReason.JOB_HELD_ADMIN);
            assertThat(reason(plan, 3)).isEqualTo(PendingReason.DEPENDENCY);
            assertThat(reason(plan, 4)).isEqualTo(PendingReason.DEPENDENCY_NEVER_SATISFIED);
            assertThat(reason(plan, 5)).isEqualTo(PendingReason.BEGIN_TIME);
            assertThat(started(plan)).containsExactly(6L);
        }

        @Test
        void aBeginTimeInThePastOfTheNextPassLetsTheJobStart() {
            JobBuilder later = job(1).eligibility(new Eligibility(Eligibility.Hold.NONE,
                    Eligibility.DependencyState.NONE, Optional.of(NOW.plusSeconds(60))));

            assertThat(reason(scenario().nodes(node("n1")).queue(later).schedule(), 1))
                    .isEqualTo(PendingReason.BEGIN_TIME);
            assertThat(started(scenario().nodes(node("n1")).queue(later).at(NOW.plusSeconds(60)).schedule()))
                    .containsExactly(1L);
        }

        @Test
        void partitionLimitsAndStates() {
            Plan plan = scenario().nodes(node("n1"), node("n2"), node("n3"))
                    .partitions(partition("short").nodes("n1").maxTime(hours(1)),
                            partition("small").nodes("n[1-3]").maxNodes(2),
                            partition("closed").nodes("n2").state(PartitionState.DOWN),
                            partition("gone").nodes("n3").state(PartitionState.INACTIVE))
                    .queue(job(1).partition("short").time(hours(2)),
                            job(2).partition("small").nodes(3),
                            job(3).partition("closed"),
                            job(4).partition("gone"),
                            job(5).partition("nowhere"),
                            job(6).partition("short").nodes(2))
                    .schedule();

            assertThat(reason(plan, 1)).isEqualTo(PendingReason.PARTITION_TIME_LIMIT);
            assertThat(reason(plan, 2)).isEqualTo(PendingReason.PARTITION_NODE_LIMIT);
            assertThat(reason(plan, 3)).isEqualTo(PendingReason.PARTITION_DOWN);
            assertThat(reason(plan, 4)).isEqualTo(PendingReason.PARTITION_INACTIVE);
            assertThat(reason(plan, 5)).isEqualTo(PendingReason.PARTITION_CONFIG);
            assertThat(reason(plan, 6)).isEqualTo(PendingReason.PARTITION_NODE_LIMIT);
            assertThat(plan.pending(1).orElseThrow().detail()).contains("MaxTime");
        }

        @Test
        void aDrainedPartitionStillStartsQueuedJobs() {
            Plan plan = scenario().nodes(node("n1")).partitions(partition("batch").state(PartitionState.DRAIN))
                    .queue(job(1)).schedule();

            assertThat(started(plan)).containsExactly(1L);
        }

        @Test
        void aJobWithoutATimeLimitGetsThePartitionDefault() {
            Plan plan = scenario().nodes(node("n1"))
                    .partitions(partition("batch").defaultTime(hours(4)).maxTime(hours(8)))
                    .queue(job(1).noTimeLimit()).schedule();

            assertThat(plan.start(1).orElseThrow().expectedEnd()).contains(NOW.plus(hours(4)));
        }

        @Test
        void aDownRequiredNodeGivesReqNodeNotAvailAndDoesNotBlockThePartition() {
            Plan plan = scenario().nodes(node("n1").down(), node("n2")).noBackfill()
                    .queue(job(1).priority(10).nodelist("n1"), job(2).priority(1)).schedule();

            assertThat(reason(plan, 1)).isEqualTo(PendingReason.REQ_NODE_NOT_AVAIL);
            assertThat(started(plan)).containsExactly(2L);
        }

        @Test
        void resourcesReasonExplainsItselfNodeByNode() {
            Plan plan = scenario().nodes(node("n1").drained(), node("n2").allocated(CoreSet.range(0, 8), 0),
                    node("n3").allocated(CoreSet.range(0, 8), 0)).queue(job(1)).schedule();

            PendingStatus status = plan.pending(1).orElseThrow();
            assertThat(status.reason()).isEqualTo(PendingReason.RESOURCES);
            assertThat(status.metric()).hasToString("2 nodes: not enough free CPUs; 1 node: DRAINED");
        }

        @Test
        void startedJobsAreNotPending() {
            Plan plan = scenario().nodes(node("n1")).queue(job(1), job(2)).schedule();

            assertThat(plan.pending()).isEmpty();
            Set<Integer> cores = new HashSet<>();
            plan.starts().forEach(s -> s.allocation().nodes().get(0).cores().stream().forEach(cores::add));
            assertThat(cores).hasSize(2);
        }
    }

    @Test
    void runningJobsResourcesAreNotHandedOutAgain() {
        Plan plan = scenario().nodes(node("n1"))
                .running(running(50).on("n1", CoreSet.range(0, 6), 1024))
                .queue(job(1).ntasks(2), job(2)).noBackfill().schedule();

        assertThat(plan.start(1).orElseThrow().allocation().nodes().get(0).cores()).isEqualTo(CoreSet.range(6, 8));
        assertThat(reason(plan, 2)).isEqualTo(PendingReason.RESOURCES);
    }
}
