package io.jslurm.sched.select;

import static io.jslurm.sched.testing.JobBuilder.job;
import static io.jslurm.sched.testing.NodeBuilder.node;
import static io.jslurm.sched.testing.Scenario.scenario;
import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.sched.model.CoreSet;
import io.jslurm.sched.model.NodeAllocation;
import io.jslurm.sched.plan.Plan;
import io.jslurm.sched.testing.Scenario;
import java.util.List;
import org.junit.jupiter.api.Test;

/** SelectTypeParameters=CR_Socket(_Memory): every job gets whole sockets, which no other job shares. */
class SocketSelectTest {

    /** One node of two sockets with four cores of two threads each. */
    private static Scenario twoSockets(SelectType type) {
        return scenario().nodes(node("n1").sockets(2).coresPerSocket(4).threadsPerCore(2).memMiB(16000))
                .select(SelectParams.DEFAULT.withType(type));
    }

    private static NodeAllocation only(Plan plan, long job) {
        return plan.start(job).orElseThrow().allocation().nodes().get(0);
    }

    @Test
    void aOneCpuJobGetsEveryCoreOfOneSocket() {
        NodeAllocation onNode = only(twoSockets(SelectType.CR_SOCKET).queue(job(1).ntasks(1)).schedule(), 1);

        assertThat(onNode.cores()).isEqualTo(CoreSet.range(0, 4));
        assertThat(onNode.memoryMib()).as("memory is not tracked").isZero();
    }

    @Test
    void twoSmallJobsTakeOneSocketEachAndAThirdWaits() {
        Plan plan = twoSockets(SelectType.CR_SOCKET_MEMORY)
                .queue(job(1).ntasks(1).memMiB(100), job(2).ntasks(1).memMiB(100), job(3).ntasks(1).memMiB(100))
                .schedule();

        assertThat(List.of(only(plan, 1).cores(), only(plan, 2).cores()))
                .containsExactlyInAnyOrder(CoreSet.range(0, 4), CoreSet.range(4, 8));
        assertThat(plan.start(3)).isEmpty();
    }

    @Test
    void underCrCoreTheSameJobsShareASocket() {
        Plan plan = twoSockets(SelectType.CR_CORE_MEMORY)
                .queue(job(1).ntasks(1).memMiB(100), job(2).ntasks(1).memMiB(100), job(3).ntasks(1).memMiB(100))
                .schedule();

        assertThat(plan.starts()).hasSize(3);
        assertThat(only(plan, 1).cores().size()).isEqualTo(1);
    }

    @Test
    void coresBeyondOneSocketTakeTheNextWholeSocket() {
        // Five tasks take a core each: two sockets, all 16 CPUs of the node.
        NodeAllocation onNode = only(twoSockets(SelectType.CR_SOCKET).queue(job(1).ntasks(5)).schedule(), 1);

        assertThat(onNode.cores()).isEqualTo(CoreSet.range(0, 8));
    }

    @Test
    void memoryPerCpuCountsEveryCpuOfTheSockets() {
        NodeAllocation onNode = only(twoSockets(SelectType.CR_SOCKET_MEMORY)
                .queue(job(1).ntasks(1).memPerCpuMiB(100)).schedule(), 1);

        assertThat(onNode.memoryMib()).isEqualTo(800);
    }

    @Test
    void aSocketPartlyTakenIsNotSharedUnderCrSocket() {
        Scenario socketZeroPartlyBusy = scenario()
                .nodes(node("n1").sockets(2).coresPerSocket(4).threadsPerCore(1).memMiB(16000)
                        .allocated(CoreSet.range(0, 1), 0))
                .select(SelectParams.DEFAULT.withType(SelectType.CR_SOCKET));

        NodeAllocation onNode = only(socketZeroPartlyBusy.queue(job(1).ntasks(2)).schedule(), 1);

        assertThat(onNode.cores()).isEqualTo(CoreSet.range(4, 8));
    }
}
