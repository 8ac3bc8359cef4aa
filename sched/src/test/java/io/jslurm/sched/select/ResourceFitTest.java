package io.jslurm.sched.select;

import static io.jslurm.sched.testing.JobBuilder.job;
import static io.jslurm.sched.testing.NodeBuilder.a100Node;
import static io.jslurm.sched.testing.NodeBuilder.node;
import static io.jslurm.sched.testing.Scenario.scenario;
import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.sched.model.Allocation;
import io.jslurm.sched.model.ClusterSnapshot;
import io.jslurm.sched.model.Constraint;
import io.jslurm.sched.model.CoreSet;
import io.jslurm.sched.model.NodeAllocation;
import io.jslurm.sched.model.OverSubscribe;
import io.jslurm.sched.testing.JobBuilder;
import io.jslurm.sched.testing.PartitionBuilder;
import io.jslurm.sched.testing.RunningJobBuilder;
import io.jslurm.sched.testing.Scenario;
import java.util.OptionalLong;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class ResourceFitTest {

    static FitResult fit(Scenario scenario, JobBuilder job) {
        ClusterSnapshot snapshot = scenario.snapshot();
        return new ResourceFit(scenario.params().select())
                .fit(job.request(), snapshot.partitions().get(0), FreeResources.of(snapshot));
    }

    static Allocation allocation(Scenario scenario, JobBuilder job) {
        FitResult result = fit(scenario, job);
        assertThat(result).as("fit of %s", job.request()).isInstanceOf(FitResult.Fit.class);
        return ((FitResult.Fit) result).allocation();
    }

    static FitResult.NoFit noFit(Scenario scenario, JobBuilder job) {
        FitResult result = fit(scenario, job);
        assertThat(result).isInstanceOf(FitResult.NoFit.class);
        return (FitResult.NoFit) result;
    }

    @Nested
    class Cores {

        @Test
        void packsTasksOntoOneNodeWhenTheyFit() {
            Allocation allocation = allocation(scenario().nodes(node("n1"), node("n2")),
                    job(1).ntasks(4).cpusPerTask(2));

            assertThat(allocation.nodeNames()).containsExactly("n1");
            assertThat(allocation.nodes().get(0).cores()).isEqualTo(CoreSet.range(0, 8));
            assertThat(allocation.nodes().get(0).tasks()).isEqualTo(4);
        }

        @Test
        void spreadsTasksOverNodesWhenOneIsNotEnough() {
            Allocation allocation = allocation(scenario().nodes(node("n1"), node("n2")),
                    job(1).nodes(1, 2).ntasks(12));

            assertThat(allocation.nodeNames()).containsExactly("n1", "n2");
            assertThat(allocation.totalTasks()).isEqualTo(12);
            assertThat(allocation.nodes()).extracting(NodeAllocation::tasks).containsExactly(8, 4);
        }

        @Test
        void takesOnlyFreeCores() {
            Allocation allocation = allocation(scenario().nodes(node("n1").allocated(CoreSet.range(0, 5), 0)),
                    job(1).ntasks(3));

            assertThat(allocation.nodes().get(0).cores()).isEqualTo(CoreSet.range(5, 8));
        }

        @Test
        void minimumNodeCountSpreadsEvenASmallJob() {
            Allocation allocation = allocation(scenario().nodes(node("n1"), node("n2"), node("n3")),
                    job(1).nodes(2).ntasks(2));

            assertThat(allocation.nodeNames()).containsExactly("n1", "n2");
            assertThat(allocation.nodes()).extracting(NodeAllocation::tasks).containsExactly(1, 1);
        }

        @Test
        void ntasksPerNodeGivesEveryNodeExactlyThatMany() {
            Allocation allocation = allocation(scenario().nodes(node("n1"), node("n2"), node("n3")),
                    job(1).nodes(3).ntasksPerNode(2).cpusPerTask(3));

            assertThat(allocation.nodes()).extracting(NodeAllocation::tasks).containsExactly(2, 2, 2);
            assertThat(allocation.nodes()).allSatisfy(n -> assertThat(n.cores().size()).isEqualTo(6));
        }

        @Test
        void crCoreGivesEachTaskWholeCoresWhileCrCpuCountsThreads() {
            Scenario hyperthreaded = scenario().nodes(node("n1").coresPerSocket(8).threadsPerCore(2));
            JobBuilder fourSingleCpuTasks = job(1).ntasks(4);

            Allocation core = allocation(hyperthreaded, fourSingleCpuTasks);
            Allocation cpu = allocation(hyperthreaded.select(SelectParams.DEFAULT.withType(SelectType.CR_CPU_MEMORY)),
                    fourSingleCpuTasks);

            assertThat(core.nodes().get(0).cores().size()).isEqualTo(4);
            assertThat(cpu.nodes().get(0).cores().size()).isEqualTo(2);
        }

        @Test
        void tooManyCpusIsReportedPerNode() {
            FitResult.NoFit noFit = noFit(scenario().nodes(node("n1"), node("n2")), job(1).cpusPerTask(9));

            assertThat(noFit.metric().count(NodeRejection.CPUS)).isEqualTo(2);
            assertThat(noFit.metric()).hasToString("2 nodes: not enough free CPUs");
        }
    }

    @Nested
    class Memory {

        @Test
        void memoryPerNodeIsTakenOnEveryNode() {
            Allocation allocation = allocation(scenario().nodes(node("n1"), node("n2")),
                    job(1).nodes(2).memGiB(10));

            assertThat(allocation.nodes()).extracting(NodeAllocation::memoryMib).containsExactly(10240L, 10240L);
        }

        @Test
        void memoryPerCpuScalesWithTheCpusOnEachNode() {
            Allocation allocation = allocation(scenario().nodes(node("n1")), job(1).ntasks(3).memPerCpuMiB(2000));

            assertThat(allocation.nodes().get(0).memoryMib()).isEqualTo(6000);
        }

        @Test
        void memoryPerGpuScalesWithTheGpus() {
            Allocation allocation = allocation(scenario().nodes(a100Node("g1")),
                    job(1).gpusPerNode(2).memPerGpuMiB(100_000));

            assertThat(allocation.nodes().get(0).memoryMib()).isEqualTo(200_000);
        }

        @Test
        void nodeWithoutEnoughFreeMemoryIsPassedOver() {
            Allocation allocation = allocation(scenario().nodes(
                    node("n1").allocated(CoreSet.of(0), 12 * 1024), node("n2")), job(1).memGiB(8));

            assertThat(allocation.nodeNames()).containsExactly("n2");
        }

        @Test
        void memoryIsIgnoredWhenTheSelectTypeDoesNotTrackIt() {
            Allocation allocation = allocation(scenario().nodes(node("n1").allocated(CoreSet.of(0), 16 * 1024))
                    .select(SelectParams.DEFAULT.withType(SelectType.CR_CORE)), job(1).memGiB(8));

            assertThat(allocation.nodes().get(0).memoryMib()).isZero();
        }

        @Test
        void defMemPerCpuAppliesWhenTheJobAsksNothing() {
            SelectParams params = new SelectParams(SelectType.CR_CORE_MEMORY, OptionalLong.of(500),
                    OptionalLong.empty(), OptionalLong.empty());

            Allocation allocation = allocation(scenario().nodes(node("n1")).select(params),
                    job(1).ntasks(4).defaultMemory());

            assertThat(allocation.nodes().get(0).memoryMib()).isEqualTo(2000);
        }

        @Test
        void defMemPerGpuAppliesToGpuJobsWithoutDefMemPerCpu() {
            SelectParams params = new SelectParams(SelectType.CR_CORE_MEMORY, OptionalLong.empty(),
                    OptionalLong.of(64_000), OptionalLong.empty());

            Allocation allocation = allocation(scenario().nodes(a100Node("g1")).select(params),
                    job(1).gpusPerNode(2).defaultMemory());

            assertThat(allocation.nodes().get(0).memoryMib()).isEqualTo(128_000);
        }

        @Test
        void withoutAnyDefaultAJobGetsTheWholeNodesMemory() {
            Allocation allocation = allocation(scenario().nodes(node("n1")), job(1).defaultMemory());

            assertThat(allocation.nodes().get(0).memoryMib()).isEqualTo(16 * 1024);
        }

        @Test
        void maxMemPerCpuTurnsExtraMemoryIntoMoreCpus() {
            SelectParams params = new SelectParams(SelectType.CR_CORE_MEMORY, OptionalLong.empty(),
                    OptionalLong.empty(), OptionalLong.of(1000));

            Allocation allocation = allocation(scenario().nodes(node("n1")).select(params),
                    job(1).ntasks(1).memPerCpuMiB(3000));

            assertThat(allocation.nodes().get(0).cores().size()).isEqualTo(3);
            assertThat(allocation.nodes().get(0).memoryMib()).isEqualTo(3000);
        }
    }

    @Nested
    class Gpus {

        @Test
        void gpusPerNodeComeFromOneSocketWithTheCoresNextToThem() {
            Allocation allocation = allocation(scenario().nodes(a100Node("g1")),
                    job(1).gpusPerNode(2).cpusPerTask(16));

            NodeAllocation onNode = allocation.nodes().get(0);
            assertThat(onNode.gpus()).containsExactly(0, 1);
            assertThat(onNode.cores()).isEqualTo(CoreSet.range(0, 16));
        }

        @Test
        void gpusFollowTheSocketThatStillHasFreeCores() {
            Scenario socketZeroBusy = scenario().nodes(a100Node("g1").allocated(CoreSet.range(0, 60), 0));

            NodeAllocation onNode = allocation(socketZeroBusy, job(1).gpusPerNode(2).cpusPerTask(8)).nodes().get(0);

            assertThat(onNode.gpus()).containsExactly(4, 5);
            assertThat(onNode.cores().stream().allMatch(core -> core >= 64)).isTrue();
        }

        @Test
        void gpusOnTheSocketWithMoreFreeDevicesArePreferred() {
            Scenario busy = scenario().nodes(a100Node("g1").allocated(CoreSet.of(0), 0, 0, 1, 2));

            NodeAllocation onNode = allocation(busy, job(1).gpusPerNode(3)).nodes().get(0);

            assertThat(onNode.gpus()).containsExactly(4, 5, 6);
            assertThat(onNode.cores().stream().allMatch(core -> core >= 64)).isTrue();
        }

        @Test
        void gpusPerTaskMultiplyWithTasks() {
            Allocation allocation = allocation(scenario().nodes(a100Node("g1"), a100Node("g2")),
                    job(1).nodes(1, 2).ntasks(6).gpusPerTask(2));

            assertThat(allocation.totalGpus()).isEqualTo(12);
            assertThat(allocation.nodes()).extracting(n -> n.gpus().size()).containsExactly(8, 4);
        }

        @Test
        void gpusForTheWholeJobAreSpreadOverItsNodes() {
            Allocation allocation = allocation(scenario().nodes(a100Node("g1"), a100Node("g2")),
                    job(1).nodes(2).gpus(12));

            assertThat(allocation.totalGpus()).isEqualTo(12);
        }

        @Test
        void cpusPerGpuAddCores() {
            NodeAllocation onNode = allocation(scenario().nodes(a100Node("g1")),
                    job(1).gpusPerNode(4).cpusPerGpu(16)).nodes().get(0);

            assertThat(onNode.cores().size()).isEqualTo(64);
        }

        @Test
        void aGpuTypeOnlyMatchesDevicesOfThatType() {
            Scenario mixed = scenario().nodes(node("g1").sockets(2).gpus(2, "v100"), a100Node("g2").weight(10));

            Allocation allocation = allocation(mixed, job(1).gpusPerNode(1, "a100"));

            assertThat(allocation.nodeNames()).containsExactly("g2");
        }

        @Test
        void gpusWithoutKnownAffinityAreUsedAfterThoseNextToTheCores() {
            Scenario scenario = scenario().nodes(node("g1").sockets(2).coresPerSocket(4)
                    .gpu(0, "a100", CoreSet.empty()).gpu(1, "a100", CoreSet.range(4, 8))
                    .gpu(2, "a100", CoreSet.range(4, 8)));

            NodeAllocation onNode = allocation(scenario, job(1).gpusPerNode(3)).nodes().get(0);

            assertThat(onNode.gpus()).containsExactly(0, 1, 2);
            assertThat(onNode.cores()).isEqualTo(CoreSet.of(4));
        }

        @Test
        void nodesWithoutGpusAreCountedAsSuch() {
            FitResult.NoFit noFit = noFit(scenario().nodes(node("c1"), node("c2")), job(1).gpusPerNode(1));

            assertThat(noFit.metric()).hasToString("2 nodes: not enough GPUs");
        }
    }

    @Nested
    class NodeChoice {

        @Test
        void lowestWeightFirst() {
            Allocation allocation = allocation(scenario().nodes(node("heavy").weight(10), node("light").weight(1)),
                    job(1));

            assertThat(allocation.nodeNames()).containsExactly("light");
        }

        @Test
        void amongEqualWeightsTheBestFitWins() {
            Scenario scenario = scenario().nodes(node("n1"), node("n2").allocated(CoreSet.range(0, 6), 0),
                    node("n3").allocated(CoreSet.range(0, 4), 0));

            assertThat(allocation(scenario, job(1).ntasks(2)).nodeNames()).containsExactly("n2");
        }

        @Test
        void aOneNodeJobPassesOverABestFitNodeTooSmallForIt() {
            Scenario scenario = scenario().nodes(node("n1").allocated(CoreSet.range(0, 6), 0), node("n2"));

            assertThat(allocation(scenario, job(1).ntasks(4)).nodeNames()).containsExactly("n2");
        }

        @Test
        void aNodeLimitKeepsRoomForTheLargestNodes() {
            Scenario scenario = scenario().nodes(node("n1").allocated(CoreSet.range(0, 7), 0),
                    node("n2").allocated(CoreSet.range(0, 2), 0), node("n3"));

            Allocation allocation = allocation(scenario, job(1).nodes(1, 2).ntasks(14));

            assertThat(allocation.nodeNames()).containsExactly("n2", "n3");
            assertThat(allocation.totalTasks()).isEqualTo(14);
        }

        @Test
        void tiesGoToSlurmConfOrder() {
            assertThat(allocation(scenario().nodes(node("b"), node("a")), job(1)).nodeNames()).containsExactly("b");
        }

        @Test
        void drainedAndDownNodesAreCounted() {
            Scenario scenario = scenario().nodes(node("n1").drained(), node("n2").drained(), node("n3").down(),
                    node("n4"));

            FitResult.NoFit noFit = noFit(scenario, job(1).nodes(2));

            assertThat(noFit.metric()).hasToString("2 nodes: DRAINED; 1 node: DOWN");
            assertThat(noFit.failure()).isEqualTo(FitResult.Failure.RESOURCES);
        }

        @Test
        void exclusiveJobsTakeWholeIdleNodes() {
            Scenario scenario = scenario().nodes(node("n1").allocated(CoreSet.of(0), 0), node("n2"));

            Allocation allocation = allocation(scenario, job(1).exclusive());

            assertThat(allocation.nodeNames()).containsExactly("n2");
            assertThat(allocation.nodes().get(0).cores()).isEqualTo(CoreSet.range(0, 8));
            assertThat(allocation.nodes().get(0).memoryMib()).isEqualTo(16 * 1024);
        }

        @Test
        void exclusivePartitionMakesEveryJobExclusive() {
            Scenario scenario = scenario().nodes(node("n1"))
                    .partitions(PartitionBuilder.partition("batch").overSubscribe(OverSubscribe.EXCLUSIVE));

            assertThat(allocation(scenario, job(1)).nodes().get(0).cores().size()).isEqualTo(8);
        }

        @Test
        void exclusiveJobReportsBusyNodes() {
            FitResult.NoFit noFit = noFit(scenario().nodes(node("n1").allocated(CoreSet.of(0), 0)),
                    job(1).exclusive());

            assertThat(noFit.metric()).hasToString("1 node: not idle (the job is exclusive)");
        }

        @Test
        void constraintsCombineFeaturesWithAndAndOr() {
            Scenario scenario = scenario().nodes(node("n1").features("ib"), node("n2").features("ib", "nvme"),
                    node("n3").features("rome"));

            assertThat(allocation(scenario, job(1).constraint(Constraint.and(Constraint.feature("ib"),
                    Constraint.feature("nvme")))).nodeNames()).containsExactly("n2");
            assertThat(allocation(scenario, job(2).nodes(2).constraint(Constraint.or(Constraint.feature("nvme"),
                    Constraint.feature("rome")))).nodeNames()).containsExactly("n2", "n3");
            assertThat(noFit(scenario, job(3).constraint(Constraint.feature("milan"))).metric())
                    .hasToString("3 nodes: features do not match the constraint");
        }

        @Test
        void requiredNodesAreAlwaysPartOfTheAllocation() {
            Scenario scenario = scenario().nodes(node("n1"), node("n2"), node("n3"));

            Allocation allocation = allocation(scenario, job(1).nodes(2).nodelist("n3"));

            assertThat(allocation.nodeNames()).containsExactly("n1", "n3");
        }

        @Test
        void aNodelistLongerThanTheNodeCountRaisesIt() {
            Allocation allocation = allocation(scenario().nodes(node("n1"), node("n2"), node("n3")),
                    job(1).nodelist("n2", "n3"));

            assertThat(allocation.nodeNames()).containsExactly("n2", "n3");
        }

        @Test
        void aDownRequiredNodeIsReqNodeNotAvail() {
            FitResult.NoFit noFit = noFit(scenario().nodes(node("n1").down(), node("n2")), job(1).nodelist("n1"));

            assertThat(noFit.failure()).isEqualTo(FitResult.Failure.REQUIRED_NODE_UNAVAILABLE);
        }

        @Test
        void excludedNodesAreNeverUsed() {
            Allocation allocation = allocation(scenario().nodes(node("n1"), node("n2")), job(1).exclude("n1"));

            assertThat(allocation.nodeNames()).containsExactly("n2");
        }

        @Test
        void contiguousNeedsNeighbouringNodes() {
            Scenario scenario = scenario().nodes(node("n1"), node("n2").allocated(CoreSet.range(0, 8), 0),
                    node("n3"), node("n4"));

            assertThat(allocation(scenario, job(1).nodes(2).contiguous()).nodeNames()).containsExactly("n3", "n4");
            assertThat(fit(scenario, job(2).nodes(3).contiguous()).fits()).isFalse();
            assertThat(fit(scenario, job(3).nodes(3)).fits()).isTrue();
        }
    }

    @Nested
    class Verify {

        @Test
        void theControllerAcceptsWhatTheFitProposed() {
            Scenario scenario = scenario().nodes(a100Node("g1"), a100Node("g2"));
            ClusterSnapshot snapshot = scenario.snapshot();
            ResourceFit fit = new ResourceFit(SelectParams.DEFAULT);
            JobBuilder job = job(1).nodes(2).gpusPerNode(4).cpusPerTask(8);
            Allocation proposed = ((FitResult.Fit) fit.fit(job.request(), snapshot.partitions().get(0),
                    FreeResources.of(snapshot))).allocation();

            assertThat(fit.verify(job.request(), snapshot.partitions().get(0), proposed, FreeResources.of(snapshot)))
                    .isEmpty();
        }

        @Test
        void theControllerRefusesAProposalWhoseResourcesWereTakenMeanwhile() {
            Scenario scenario = scenario().nodes(a100Node("g1"));
            ClusterSnapshot before = scenario.snapshot();
            ResourceFit fit = new ResourceFit(SelectParams.DEFAULT);
            JobBuilder job = job(1).gpusPerNode(2);
            Allocation proposed = ((FitResult.Fit) fit.fit(job.request(), before.partitions().get(0),
                    FreeResources.of(before))).allocation();

            ClusterSnapshot now = scenario.running(RunningJobBuilder.running(9).on("g1", CoreSet.of(0), 1024, 0))
                    .snapshot();

            assertThat(fit.verify(job.request(), now.partitions().get(0), proposed, FreeResources.of(now)))
                    .hasValueSatisfying(problem -> assertThat(problem).contains("no longer free"));
        }

        @Test
        void theControllerRefusesAnAllocationShortOfTheRequest() {
            Scenario scenario = scenario().nodes(a100Node("g1"));
            ClusterSnapshot snapshot = scenario.snapshot();
            ResourceFit fit = new ResourceFit(SelectParams.DEFAULT);
            Allocation tooSmall = new Allocation(java.util.List.of(
                    new NodeAllocation("g1", 1, CoreSet.of(0), 1024, java.util.List.of(0))));

            assertThat(fit.verify(job(1).gpusPerNode(2).request(), snapshot.partitions().get(0), tooSmall,
                    FreeResources.of(snapshot))).hasValueSatisfying(p -> assertThat(p).contains("GPUs"));
        }
    }
}
