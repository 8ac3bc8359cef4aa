package io.jslurm.sched.select;

import static io.jslurm.sched.testing.JobBuilder.job;
import static io.jslurm.sched.testing.NodeBuilder.node;
import static io.jslurm.sched.testing.PartitionBuilder.partition;
import static io.jslurm.sched.testing.RunningJobBuilder.running;
import static io.jslurm.sched.testing.Scenario.scenario;
import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.sched.model.CoreSet;
import io.jslurm.sched.model.OverSubscribe;
import io.jslurm.sched.plan.JobStart;
import io.jslurm.sched.plan.PendingReason;
import io.jslurm.sched.plan.Plan;
import io.jslurm.sched.testing.PartitionBuilder;
import io.jslurm.sched.testing.Scenario;
import java.util.List;
import org.junit.jupiter.api.Test;

/** OverSubscribe=NO|YES[:N]|FORCE[:N]|EXCLUSIVE in the fit: who may share cores, and with how many others. */
class OverSubscribeTest {

    /** One node, 4 cores, 16 GiB, 2 GPUs, in partition "p" with the given setting. */
    static Scenario oneNode(PartitionBuilder p) {
        return scenario().nodes(node("n1").coresPerSocket(4).memGiB(16).gpus(2, "a100"))
                .partitions(p.nodes("n1")).noBackfill();
    }

    static List<Long> started(Plan plan) {
        return plan.starts().stream().map(JobStart::jobId).toList();
    }

    static CoreSet cores(Plan plan, long jobId) {
        return plan.start(jobId).orElseThrow().allocation().nodes().get(0).cores();
    }

    @Test
    void yesLetsJobsThatAskShareCoresUpToTheShareCount() {
        Plan plan = oneNode(partition("p").overSubscribe(OverSubscribe.YES, 2))
                .queue(job(1).partition("p").ntasks(4).memGiB(2).oversubscribe(),
                        job(2).partition("p").ntasks(4).memGiB(2).oversubscribe(),
                        job(3).partition("p").ntasks(4).memGiB(2).oversubscribe())
                .schedule();

        assertThat(started(plan)).containsExactly(1L, 2L);
        assertThat(cores(plan, 1)).isEqualTo(CoreSet.range(0, 4));
        assertThat(cores(plan, 2)).isEqualTo(CoreSet.range(0, 4));
        assertThat(plan.pending(3).orElseThrow().reason()).isEqualTo(PendingReason.RESOURCES);
    }

    @Test
    void yesWithoutTheJobAskingSharesNothing() {
        Plan plan = oneNode(partition("p").overSubscribe(OverSubscribe.YES, 4))
                .queue(job(1).partition("p").ntasks(4).memGiB(2).oversubscribe(),
                        job(2).partition("p").ntasks(4).memGiB(2))
                .schedule();

        assertThat(started(plan)).containsExactly(1L);
    }

    @Test
    void aJobThatDoesNotShareKeepsItsCoresToItself() {
        Plan plan = oneNode(partition("p").overSubscribe(OverSubscribe.YES, 4))
                .running(running(10).partition("p").on("n1", CoreSet.range(0, 4), 1024))
                .queue(job(1).partition("p").ntasks(1).memGiB(1).oversubscribe())
                .schedule();

        assertThat(started(plan)).isEmpty();
    }

    @Test
    void aRunningSharingJobsCoresAreJoinedAndTheProposalVerifies() {
        Scenario scenario = oneNode(partition("p").overSubscribe(OverSubscribe.YES, 2))
                .running(running(10).partition("p").on("n1", CoreSet.range(0, 4), 1024).shared())
                .queue(job(1).partition("p").ntasks(4).memGiB(1).oversubscribe());
        Plan plan = scenario.schedule();

        assertThat(started(plan)).containsExactly(1L);
        ResourceFit fit = new ResourceFit(SelectParams.DEFAULT);
        var partition = scenario.snapshot().partition("p").orElseThrow();
        assertThat(fit.verify(scenario.jobs().get(0).request(), partition, plan.start(1).orElseThrow().allocation(),
                FreeResources.of(scenario.snapshot()))).isEmpty();
    }

    @Test
    void theShareCountCountsRunningJobsToo() {
        Plan plan = oneNode(partition("p").overSubscribe(OverSubscribe.FORCE, 2))
                .running(running(10).partition("p").on("n1", CoreSet.range(0, 4), 1024).shared(),
                        running(11).partition("p").on("n1", CoreSet.range(0, 4), 1024).shared())
                .queue(job(1).partition("p").ntasks(1).memGiB(1))
                .schedule();

        assertThat(started(plan)).isEmpty();
    }

    @Test
    void forceSharesEveryJobWithoutAsking() {
        Plan plan = oneNode(partition("p").overSubscribe(OverSubscribe.FORCE, 3))
                .queue(job(1).partition("p").ntasks(4).memGiB(2), job(2).partition("p").ntasks(4).memGiB(2),
                        job(3).partition("p").ntasks(4).memGiB(2), job(4).partition("p").ntasks(4).memGiB(2))
                .schedule();

        assertThat(started(plan)).containsExactly(1L, 2L, 3L);
    }

    @Test
    void forceOneIsNoSharing() {
        Plan plan = oneNode(partition("p").overSubscribe(OverSubscribe.FORCE, 1))
                .queue(job(1).partition("p").ntasks(4).memGiB(2), job(2).partition("p").ntasks(4).memGiB(2))
                .schedule();

        assertThat(started(plan)).containsExactly(1L);
    }

    @Test
    void noNeverShares() {
        Plan plan = oneNode(partition("p").overSubscribe(OverSubscribe.NO))
                .queue(job(1).partition("p").ntasks(4).memGiB(2).oversubscribe(),
                        job(2).partition("p").ntasks(4).memGiB(2).oversubscribe())
                .schedule();

        assertThat(started(plan)).containsExactly(1L);
    }

    @Test
    void memoryIsNeverOversubscribed() {
        Plan plan = oneNode(partition("p").overSubscribe(OverSubscribe.FORCE, 4))
                .queue(job(1).partition("p").ntasks(1).memGiB(10), job(2).partition("p").ntasks(1).memGiB(10))
                .schedule();

        assertThat(started(plan)).containsExactly(1L);
    }

    @Test
    void gpusAreNeverShared() {
        Plan plan = oneNode(partition("p").overSubscribe(OverSubscribe.FORCE, 4))
                .queue(job(1).partition("p").ntasks(1).memGiB(1).gpusPerNode(2),
                        job(2).partition("p").ntasks(1).memGiB(1).gpusPerNode(1))
                .schedule();

        assertThat(started(plan)).containsExactly(1L);
    }

    @Test
    void anExclusiveJobNeverShares() {
        Plan plan = oneNode(partition("p").overSubscribe(OverSubscribe.YES, 4))
                .queue(job(1).partition("p").ntasks(1).memGiB(1).oversubscribe(),
                        job(2).partition("p").ntasks(1).memGiB(1).exclusive())
                .schedule();

        assertThat(started(plan)).containsExactly(1L);
    }

    @Test
    void exclusiveGivesWholeNodes() {
        Plan plan = oneNode(partition("p").overSubscribe(OverSubscribe.EXCLUSIVE))
                .queue(job(1).partition("p").ntasks(1).memGiB(1), job(2).partition("p").ntasks(1).memGiB(1))
                .schedule();

        assertThat(started(plan)).containsExactly(1L);
        assertThat(cores(plan, 1)).isEqualTo(CoreSet.range(0, 4));
    }

    @Test
    void aSharingJobEndingLeavesTheOtherSharersCoresBusy() {
        FreeResources free = FreeResources.of(oneNode(partition("p").overSubscribe(OverSubscribe.FORCE, 2))
                .running(running(10).partition("p").on("n1", CoreSet.range(0, 2), 1024).shared(),
                        running(11).partition("p").on("n1", CoreSet.range(0, 2), 1024).shared())
                .snapshot());
        NodeFree n1 = free.node("n1").orElseThrow();
        assertThat(n1.freeCoreCount()).isEqualTo(2);

        free.release(new io.jslurm.sched.model.Allocation(List.of(
                new io.jslurm.sched.model.NodeAllocation("n1", 1, CoreSet.range(0, 2), 1024, List.of()))));
        assertThat(n1.freeCoreCount()).as("job 11 still runs there").isEqualTo(2);

        free.release(new io.jslurm.sched.model.Allocation(List.of(
                new io.jslurm.sched.model.NodeAllocation("n1", 1, CoreSet.range(0, 2), 1024, List.of()))));
        assertThat(n1.freeCoreCount()).isEqualTo(4);
    }
}
