package io.jslurm.sched.preempt;

import static io.jslurm.sched.testing.JobBuilder.job;
import static io.jslurm.sched.testing.NodeBuilder.node;
import static io.jslurm.sched.testing.PartitionBuilder.partition;
import static io.jslurm.sched.testing.RunningJobBuilder.running;
import static io.jslurm.sched.testing.Scenario.scenario;
import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.sched.model.CoreSet;
import io.jslurm.sched.plan.JobStart;
import io.jslurm.sched.plan.PendingReason;
import io.jslurm.sched.plan.Plan;
import io.jslurm.sched.plan.Preemption;
import io.jslurm.sched.plan.Victim;
import io.jslurm.sched.testing.Scenario;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class PreemptionTest {

    static PreemptInput partitionPrio(PreemptMode mode) {
        return partitionPrio(mode, Map.of(), Map.of());
    }

    static PreemptInput partitionPrio(PreemptMode mode, Map<String, PreemptMode> partitionModes,
            Map<Long, Long> priorities) {
        return new PreemptInput(new PreemptParams(PreemptType.PARTITION_PRIO, mode, partitionModes, Map.of()),
                Map.of(), priorities, Set.of());
    }

    /** One 4-core node n1 shared by partition "low" (tier 1) and "high" (tier 2). */
    static Scenario tiers() {
        return scenario().nodes(node("n1").coresPerSocket(4).memMiB(8192))
                .partitions(partition("low").nodes("n1").tier(1), partition("high").nodes("n1").tier(2))
                .noBackfill();
    }

    /** Job 10 of "low" holds all 4 cores; job 20 of "high" asks {@code tasks} of them. */
    static Plan lowHoldsTheNode(int tasks, PreemptInput input) {
        return tiers()
                .running(running(10).partition("low").on("n1", CoreSet.range(0, 4), 1024))
                .queue(job(20).partition("high").ntasks(tasks))
                .preempt(input)
                .schedule();
    }

    static List<Long> started(Plan plan) {
        return plan.starts().stream().map(JobStart::jobId).toList();
    }

    static List<Victim> victims(Plan plan) {
        return plan.preemptions().stream().flatMap(p -> p.victims().stream()).toList();
    }

    @Nested
    class PartitionPrio {

        @Test
        void aHigherTierJobRequeuesTheLowerTierJobAndWaitsForItsCores() {
            Plan plan = lowHoldsTheNode(4, partitionPrio(PreemptMode.REQUEUE));

            assertThat(plan.preemptions()).containsExactly(
                    new Preemption(20, "high", List.of(new Victim(10, PreemptMode.REQUEUE)), false));
            assertThat(started(plan)).isEmpty();
            assertThat(plan.pending(20).orElseThrow().reason()).isEqualTo(PendingReason.RESOURCES);
            assertThat(plan.pending(20).orElseThrow().detail()).contains("[10]");
        }

        @Test
        void cancelModeIsPassedOn() {
            Plan plan = lowHoldsTheNode(2, partitionPrio(PreemptMode.CANCEL));

            assertThat(victims(plan)).containsExactly(new Victim(10, PreemptMode.CANCEL));
        }

        @Test
        void theSameTierNeverPreempts() {
            Plan plan = tiers()
                    .running(running(10).partition("high").on("n1", CoreSet.range(0, 4), 1024))
                    .queue(job(20).partition("high").ntasks(4).priority(1000))
                    .preempt(partitionPrio(PreemptMode.REQUEUE))
                    .schedule();

            assertThat(plan.preemptions()).isEmpty();
            assertThat(plan.pending(20).orElseThrow().reason()).isEqualTo(PendingReason.RESOURCES);
        }

        @Test
        void aLowerTierJobNeverPreemptsAHigherOne() {
            Plan plan = tiers()
                    .running(running(10).partition("high").on("n1", CoreSet.range(0, 4), 1024))
                    .queue(job(20).partition("low").ntasks(1))
                    .preempt(partitionPrio(PreemptMode.REQUEUE))
                    .schedule();

            assertThat(plan.preemptions()).isEmpty();
        }

        @Test
        void aPartitionPreemptModeOverridesTheClusterMode() {
            Scenario base = tiers()
                    .running(running(10).partition("low").on("n1", CoreSet.range(0, 4), 1024))
                    .queue(job(20).partition("high").ntasks(4));

            Plan off = base.preempt(partitionPrio(PreemptMode.REQUEUE, Map.of("low", PreemptMode.OFF), Map.of()))
                    .schedule();
            Plan cancel = base.preempt(partitionPrio(PreemptMode.REQUEUE, Map.of("low", PreemptMode.CANCEL),
                    Map.of())).schedule();

            assertThat(off.preemptions()).isEmpty();
            assertThat(victims(cancel)).containsExactly(new Victim(10, PreemptMode.CANCEL));
        }

        @Test
        void clusterModeOffMeansNoPreemption() {
            Plan plan = lowHoldsTheNode(4, partitionPrio(PreemptMode.OFF));

            assertThat(plan.preemptions()).isEmpty();
        }

        @Test
        void withoutPreemptTypeNothingIsPreempted() {
            Plan plan = tiers()
                    .running(running(10).partition("low").on("n1", CoreSet.range(0, 4), 1024))
                    .queue(job(20).partition("high").ntasks(4))
                    .schedule();

            assertThat(plan.preemptions()).isEmpty();
            assertThat(plan.pending(20).orElseThrow().reason()).isEqualTo(PendingReason.RESOURCES);
        }

        @Test
        void aJobThatFitsOnFreeCoresPreemptsNothing() {
            Plan plan = tiers()
                    .running(running(10).partition("low").on("n1", CoreSet.range(0, 2), 1024))
                    .queue(job(20).partition("high").ntasks(2))
                    .preempt(partitionPrio(PreemptMode.REQUEUE))
                    .schedule();

            assertThat(plan.preemptions()).isEmpty();
            assertThat(started(plan)).containsExactly(20L);
        }

        @Test
        void jobsOnNodesOutsideThePreemptorsPartitionAreLeftAlone() {
            Plan plan = scenario().nodes(node("n1").coresPerSocket(4), node("n2").coresPerSocket(4))
                    .partitions(partition("low").nodes("n[1-2]").tier(1), partition("high").nodes("n2").tier(2))
                    .noBackfill()
                    .running(running(10).partition("low").on("n1", CoreSet.range(0, 4), 1024),
                            running(11).partition("low").on("n2", CoreSet.range(0, 4), 1024))
                    .queue(job(20).partition("high").ntasks(4))
                    .preempt(partitionPrio(PreemptMode.REQUEUE, Map.of(), Map.of(10L, 1L, 11L, 500L)))
                    .schedule();

            assertThat(victims(plan)).containsExactly(new Victim(11, PreemptMode.REQUEUE));
        }
    }

    @Nested
    class VictimChoice {

        @Test
        void theLowestPriorityJobGoesFirst() {
            Plan plan = tiers()
                    .running(running(10).partition("low").on("n1", CoreSet.range(0, 2), 1024),
                            running(11).partition("low").on("n1", CoreSet.range(2, 4), 1024))
                    .queue(job(20).partition("high").ntasks(2))
                    .preempt(partitionPrio(PreemptMode.REQUEUE, Map.of(), Map.of(10L, 900L, 11L, 100L)))
                    .schedule();

            assertThat(victims(plan)).containsExactly(new Victim(11, PreemptMode.REQUEUE));
        }

        @Test
        void aLowerTierGoesBeforeALowerPriority() {
            Plan plan = scenario().nodes(node("n1").coresPerSocket(4))
                    .partitions(partition("scavenger").nodes("n1").tier(1), partition("low").nodes("n1").tier(2),
                            partition("high").nodes("n1").tier(3))
                    .noBackfill()
                    .running(running(10).partition("low").on("n1", CoreSet.range(0, 2), 1024),
                            running(11).partition("scavenger").on("n1", CoreSet.range(2, 4), 1024))
                    .queue(job(20).partition("high").ntasks(2))
                    .preempt(partitionPrio(PreemptMode.REQUEUE, Map.of(), Map.of(10L, 1L, 11L, 900L)))
                    .schedule();

            assertThat(victims(plan)).containsExactly(new Victim(11, PreemptMode.REQUEUE));
        }

        @Test
        void victimsThatTurnOutUnnecessaryAreSpared() {
            // Job 10 goes first (lowest priority) but its one core is not enough; once job 11 is added, job 11
            // alone frees the three cores asked, so job 10 keeps running.
            Plan plan = tiers()
                    .running(running(10).partition("low").on("n1", CoreSet.range(0, 1), 1024),
                            running(11).partition("low").on("n1", CoreSet.range(1, 4), 1024))
                    .queue(job(20).partition("high").ntasks(3))
                    .preempt(partitionPrio(PreemptMode.REQUEUE, Map.of(), Map.of(10L, 1L, 11L, 2L)))
                    .schedule();

            assertThat(victims(plan)).containsExactly(new Victim(11, PreemptMode.REQUEUE));
        }

        @Test
        void asManyJobsAsNeededArePreemptedAndNoMore() {
            Plan plan = tiers()
                    .running(running(10).partition("low").on("n1", CoreSet.range(0, 1), 1024),
                            running(11).partition("low").on("n1", CoreSet.range(1, 2), 1024),
                            running(12).partition("low").on("n1", CoreSet.range(2, 3), 1024),
                            running(13).partition("low").on("n1", CoreSet.range(3, 4), 1024))
                    .queue(job(20).partition("high").ntasks(2))
                    .preempt(partitionPrio(PreemptMode.CANCEL, Map.of(),
                            Map.of(10L, 40L, 11L, 10L, 12L, 30L, 13L, 20L)))
                    .schedule();

            assertThat(victims(plan)).containsExactlyInAnyOrder(new Victim(11, PreemptMode.CANCEL),
                    new Victim(13, PreemptMode.CANCEL));
        }

        @Test
        void twoPreemptorsNeverShareAVictim() {
            Plan plan = scenario().nodes(node("n1").coresPerSocket(4), node("n2").coresPerSocket(4))
                    .partitions(partition("low").nodes("n[1-2]").tier(1), partition("high").nodes("n[1-2]").tier(2))
                    .noBackfill()
                    .running(running(10).partition("low").on("n1", CoreSet.range(0, 4), 1024),
                            running(11).partition("low").on("n2", CoreSet.range(0, 4), 1024))
                    .queue(job(20).partition("high").ntasks(4).priority(200),
                            job(21).partition("high").ntasks(4).priority(100))
                    .preempt(partitionPrio(PreemptMode.REQUEUE))
                    .schedule();

            assertThat(plan.preemptions()).hasSize(2);
            assertThat(plan.preemptions().get(0).preemptorId()).isEqualTo(20);
            assertThat(plan.preemptions().get(1).preemptorId()).isEqualTo(21);
            assertThat(victims(plan)).extracting(Victim::jobId).containsExactlyInAnyOrder(10L, 11L);
        }

        @Test
        void theFreedCoresAreNotHandedToALowerJobOfTheSamePass() {
            Plan plan = tiers()
                    .running(running(10).partition("low").on("n1", CoreSet.range(0, 4), 1024))
                    .queue(job(20).partition("high").ntasks(4), job(30).partition("low").ntasks(1).priority(5000))
                    .preempt(partitionPrio(PreemptMode.REQUEUE))
                    .schedule();

            assertThat(victims(plan)).containsExactly(new Victim(10, PreemptMode.REQUEUE));
            assertThat(started(plan)).isEmpty();
        }

        @Test
        void aJobAlreadyEndingIsWaitedForNotPreemptedAgain() {
            PreemptInput input = new PreemptInput(new PreemptParams(PreemptType.PARTITION_PRIO, PreemptMode.REQUEUE,
                    Map.of(), Map.of()), Map.of(), Map.of(), Set.of(10L));
            Plan plan = tiers()
                    .running(running(10).partition("low").on("n1", CoreSet.range(0, 2), 1024),
                            running(11).partition("low").on("n1", CoreSet.range(2, 4), 1024))
                    .queue(job(20).partition("high").ntasks(2))
                    .preempt(input)
                    .schedule();

            assertThat(plan.preemptions()).isEmpty();
            assertThat(started(plan)).isEmpty();
            assertThat(plan.pending(20).orElseThrow().detail()).contains("[10]");
        }

        @Test
        void aJobThatCannotFitEvenWithEveryVictimGonePreemptsNothing() {
            Plan plan = tiers()
                    .running(running(10).partition("low").on("n1", CoreSet.range(0, 4), 1024))
                    .queue(job(20).partition("high").ntasks(4).memMiB(7 * 1024))
                    .preempt(partitionPrio(PreemptMode.REQUEUE, Map.of(), Map.of()))
                    .running(running(11).partition("high").on("n1", CoreSet.empty(), 4 * 1024))
                    .schedule();

            assertThat(plan.preemptions()).isEmpty();
        }
    }

    @Nested
    class Suspend {

        @Test
        void aSuspendedVictimsCoresGoToThePreemptorInTheSamePass() {
            Plan plan = tiers()
                    .running(running(10).partition("low").on("n1", CoreSet.range(0, 4), 2048))
                    .queue(job(20).partition("high").ntasks(4).memMiB(2048))
                    .preempt(partitionPrio(PreemptMode.SUSPEND))
                    .schedule();

            assertThat(plan.preemptions()).containsExactly(
                    new Preemption(20, "high", List.of(new Victim(10, PreemptMode.SUSPEND)), true));
            assertThat(started(plan)).containsExactly(20L);
            assertThat(plan.start(20).orElseThrow().allocation().nodes().get(0).cores())
                    .isEqualTo(CoreSet.range(0, 4));
        }

        @Test
        void aSuspendedJobKeepsItsMemory() {
            Plan plan = tiers()
                    .running(running(10).partition("low").on("n1", CoreSet.range(0, 4), 6 * 1024))
                    .queue(job(20).partition("high").ntasks(4).memMiB(4 * 1024))
                    .preempt(partitionPrio(PreemptMode.SUSPEND))
                    .schedule();

            assertThat(plan.preemptions()).isEmpty();
            assertThat(started(plan)).isEmpty();
        }
    }

    @Nested
    class Qos {

        static PreemptInput qos(Map<Long, String> jobQos, PreemptMode cluster, QosPreempt... records) {
            Map<String, QosPreempt> byName = new java.util.HashMap<>();
            for (QosPreempt record : records) {
                byName.put(record.name(), record);
            }
            return new PreemptInput(new PreemptParams(PreemptType.QOS, cluster, Map.of(), byName), jobQos, Map.of(),
                    Set.of());
        }

        /** Job 10 holds the only node's 4 cores; job 20 wants them. */
        static Plan jobTwentyMeetsJobTen(PreemptInput input) {
            return scenario().nodes(node("n1").coresPerSocket(4)).noBackfill()
                    .running(running(10).on("n1", CoreSet.range(0, 4), 1024))
                    .queue(job(20).ntasks(4))
                    .preempt(input)
                    .schedule();
        }

        @Test
        void aQosPreemptsTheQosItLists() {
            Plan plan = jobTwentyMeetsJobTen(qos(Map.of(10L, "scavenger", 20L, "urgent"), PreemptMode.REQUEUE,
                            new QosPreempt("urgent", Set.of("scavenger"), Optional.empty()),
                            new QosPreempt("scavenger", Set.of(), Optional.empty())));

            assertThat(victims(plan)).containsExactly(new Victim(10, PreemptMode.REQUEUE));
        }

        @Test
        void theVictimsQosModeWins() {
            Plan plan = jobTwentyMeetsJobTen(qos(Map.of(10L, "scavenger", 20L, "urgent"), PreemptMode.REQUEUE,
                            new QosPreempt("urgent", Set.of("scavenger"), Optional.empty()),
                            new QosPreempt("scavenger", Set.of(), Optional.of(PreemptMode.CANCEL))));

            assertThat(victims(plan)).containsExactly(new Victim(10, PreemptMode.CANCEL));
        }

        @Test
        void anUnlistedQosIsNotPreempted() {
            Plan plan = jobTwentyMeetsJobTen(qos(Map.of(10L, "normal", 20L, "urgent"), PreemptMode.REQUEUE,
                            new QosPreempt("urgent", Set.of("scavenger"), Optional.empty())));

            assertThat(plan.preemptions()).isEmpty();
        }

        @Test
        void preemptionIsNotSymmetric() {
            Plan plan = jobTwentyMeetsJobTen(qos(Map.of(10L, "urgent", 20L, "scavenger"), PreemptMode.REQUEUE,
                            new QosPreempt("urgent", Set.of("scavenger"), Optional.empty())));

            assertThat(plan.preemptions()).isEmpty();
        }

        @Test
        void aJobInsideItsPreemptExemptTimeIsNotRequeuedButMayBeSuspended() {
            PreemptInput listed = qos(Map.of(10L, "scavenger", 20L, "urgent"), PreemptMode.REQUEUE,
                    new QosPreempt("urgent", Set.of("scavenger"), Optional.empty()));
            PreemptInput exempt = new PreemptInput(listed.params(), listed.jobQos(), Map.of(), Set.of(), Set.of(10L));

            assertThat(jobTwentyMeetsJobTen(exempt).preemptions()).isEmpty();
            assertThat(started(jobTwentyMeetsJobTen(exempt))).isEmpty();

            PreemptInput suspending = qos(Map.of(10L, "scavenger", 20L, "urgent"), PreemptMode.SUSPEND,
                    new QosPreempt("urgent", Set.of("scavenger"), Optional.empty()));
            assertThat(victims(jobTwentyMeetsJobTen(new PreemptInput(suspending.params(), suspending.jobQos(),
                    Map.of(), Set.of(), Set.of(10L))))).containsExactly(new Victim(10, PreemptMode.SUSPEND));
        }

        @Test
        void aJobWithoutQosNeitherPreemptsNorIsPreempted() {
            Plan plan = jobTwentyMeetsJobTen(qos(Map.of(20L, "urgent"), PreemptMode.REQUEUE,
                            new QosPreempt("urgent", Set.of("scavenger"), Optional.empty())));

            assertThat(plan.preemptions()).isEmpty();
        }
    }
}
