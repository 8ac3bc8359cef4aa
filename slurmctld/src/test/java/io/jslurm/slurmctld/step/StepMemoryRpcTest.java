package io.jslurm.slurmctld.step;

import static io.jslurm.slurmctld.ControllerFixture.ALICE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.proto.Ack;
import io.jslurm.protocol.proto.JobStepCreateRequest;
import io.jslurm.protocol.proto.JobStepCreateResponse;
import io.jslurm.protocol.proto.StepCompleteRequest;
import io.jslurm.protocol.proto.StepLayout;
import io.jslurm.slurmctld.ControllerFixture;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A step's memory against its job's through the controller's step creation, on cons_tres with CR_Core_Memory: a job
 * of 4 tasks and 4000 MB on one node, whose steps ask with srun's --mem, --mem-per-cpu, --whole.
 */
class StepMemoryRpcTest {

    private static final int NODES_BUSY = 2016;
    private static final int INVALID_TASK_MEMORY = 2044;

    @TempDir
    Path dir;
    ControllerFixture cluster;
    long job;

    @BeforeEach
    void start() throws Exception {
        cluster = new ControllerFixture(dir, "SelectType=select/cons_tres\n");
        cluster.register("gpu01", 16000);
        job = cluster.submit(ALICE, ControllerFixture.job(ALICE, "alice").setNtasks(4).setMemPerNodeMb(4000));
        cluster.controller.loop().runPass();
        assertThat(cluster.job(job).getState().name()).endsWith("RUNNING");
    }

    @AfterEach
    void stop() throws Exception {
        cluster.close();
    }

    private JobStepCreateRequest.Builder step() {
        return JobStepCreateRequest.newBuilder().setJobId((int) job).setNtasks(1).setExact(true);
    }

    private StepLayout create(JobStepCreateRequest.Builder request) throws Exception {
        return StepLayout.parseFrom(cluster.client(ALICE).call(request.build(), JobStepCreateResponse.class)
                .getCredential().getLayout());
    }

    private int refusal(JobStepCreateRequest.Builder request) {
        Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(() -> create(request));
        assertThat(thrown).isInstanceOf(RpcException.class);
        return ((RpcException) thrown).errorCode();
    }

    private void end(StepLayout step) throws Exception {
        cluster.client(ALICE).call(StepCompleteRequest.newBuilder().setJobId((int) job)
                .setStepId(step.getStepId()).build(), Ack.class);
    }

    @Test
    void stepsWithMemTakeItFromTheJobAndWaitForWhatOthersHold() throws Exception {
        StepLayout first = create(step().setMemPerNodeMb(3000));
        assertThat(first.getNodes(0).getMemMb()).as("the step's own memory").isEqualTo(3000);

        assertThat(refusal(step().setMemPerNodeMb(2000))).as("Requested nodes are busy").isEqualTo(NODES_BUSY);
        StepLayout small = create(step().setMemPerNodeMb(1000));
        StepLayout unasked = create(step());
        assertThat(unasked.getNodes(0).getMemMb()).as("no ask: all the job's memory, held from no one")
                .isEqualTo(4000);
        StepLayout overlapping = create(step().setMemPerNodeMb(2000).setOverlap(true));
        assertThat(overlapping.getNodes(0).getMemMb()).isEqualTo(2000);

        end(first);
        end(small);
        end(overlapping);
        assertThat(create(step().setMemPerCpuMb(1000).setNtasks(3).setExact(false).setCpusPerTask(1))
                .getNodes(0).getMemMb()).as("3 CPUs of 1000M once the others ended").isEqualTo(3000);
        end(unasked);
    }

    @Test
    void aStepTheOomKillerEndedIsOutOfMemoryAsSlurmRecordsItAndTheJobRunsOn() throws Exception {
        StepLayout hog = create(step().setMemPerNodeMb(100));
        StepLayout other = create(step().setMemPerNodeMb(100));
        cluster.client(ALICE).call(StepCompleteRequest.newBuilder().setJobId((int) job).setStepId(hog.getStepId())
                .setTermSignal(9).setOutOfMemory(true).build(), Ack.class);
        end(other);

        var steps = cluster.client(ALICE).call(io.jslurm.protocol.proto.StepInfoRequest.newBuilder()
                .addJobIds((int) job).build(), io.jslurm.protocol.proto.StepInfoResponse.class).getStepsList();
        var oom = steps.stream().filter(s -> s.getStepId() == hog.getStepId()).findFirst().orElseThrow();
        assertThat(oom.getState()).isEqualTo("OUT_OF_MEMORY");
        assertThat(oom.getExitCode() + ":" + oom.getTermSignal()).as("sacct's ExitCode").isEqualTo("0:125");
        assertThat(steps.stream().filter(s -> s.getStepId() == other.getStepId()).findFirst().orElseThrow()
                .getState()).isEqualTo("COMPLETED");
        assertThat(cluster.job(job).getState().name()).endsWith("RUNNING");
    }

    @Test
    void moreThanTheJobHoldsIsRefusedAtOnce() {
        assertThat(refusal(step().setMemPerNodeMb(5000))).as("Memory required by task is not available")
                .isEqualTo(INVALID_TASK_MEMORY);
        assertThat(refusal(step().setMemPerCpuMb(1500).setNtasks(3))).isEqualTo(INVALID_TASK_MEMORY);
    }

    @Test
    void wholeHoldsAllTheJobsCpusEvenWithCpusPerTask() throws Exception {
        StepLayout exact = create(step().setExact(false).setCpusPerTask(1));
        StepLayout second = create(step().setExact(false).setCpusPerTask(1));
        assertThat(refusal(step().setExact(false).setCpusPerTask(1).setWhole(true).setNtasks(3)))
                .as("-c implies --exact: two steps of one CPU each leave two; three do not fit").isEqualTo(NODES_BUSY);
        end(exact);
        end(second);

        StepLayout whole = create(step().setExact(false).setCpusPerTask(1).setWhole(true));
        assertThat(refusal(step().setExact(false).setCpusPerTask(1)))
                .as("a --whole step holds every CPU of the job on its node").isEqualTo(NODES_BUSY);
        end(whole);
        assertThat(create(step().setExact(false).setCpusPerTask(1)).getStepId()).isGreaterThan(whole.getStepId());
    }
}
