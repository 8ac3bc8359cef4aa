package io.jslurm.slurmctld.step;

import static io.jslurm.slurmctld.ControllerFixture.ALICE;
import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.protocol.proto.Ack;
import io.jslurm.protocol.proto.CancelJobRequest;
import io.jslurm.protocol.proto.CancelJobResponse;
import io.jslurm.protocol.proto.JobComplete;
import io.jslurm.protocol.proto.JobRecord;
import io.jslurm.protocol.proto.JobStepCreateRequest;
import io.jslurm.protocol.proto.JobStepCreateResponse;
import io.jslurm.protocol.proto.JobTarget;
import io.jslurm.protocol.proto.StepLayout;
import io.jslurm.protocol.proto.StepCompleteRequest;
import io.jslurm.slurmctld.ControllerFixture;
import io.jslurm.slurmctld.ControllerFixtureExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * DerivedExitCode through the controller: a batch job whose script ends well while one of its srun steps failed
 * shows the step's failure there, as Slurm's job accounting does; ExitCode stays the script's.
 */
@ExtendWith(ControllerFixtureExtension.class)
class DerivedExitCodeTest {

    ControllerFixture cluster;
    long job;

    @BeforeEach
    void start(ControllerFixture fresh) throws Exception {
        cluster = fresh;
        cluster.register("gpu01", 16000);
        job = cluster.submit(ALICE, ControllerFixture.job(ALICE, "alice").setNtasks(2));
        cluster.controller.loop().runPass();
        assertThat(cluster.job(job).getState().name()).endsWith("RUNNING");
    }

    private int stepEnding(int exitCode, int termSignal) throws Exception {
        StepLayout step = StepLayout.parseFrom(cluster.client(ALICE).call(JobStepCreateRequest.newBuilder()
                .setJobId((int) job).setNtasks(1).build(), JobStepCreateResponse.class).getCredential().getLayout());
        cluster.client(ALICE).call(StepCompleteRequest.newBuilder().setJobId((int) job).setStepId(step.getStepId())
                .setExitCode(exitCode).setTermSignal(termSignal).build(), Ack.class);
        return step.getStepId();
    }

    private JobRecord scriptEnds(int exitCode) throws Exception {
        cluster.slurmd().call(JobComplete.newBuilder().setJobId((int) job).setNodeName("gpu01")
                .setExitCode(exitCode).build());
        return cluster.job(job);
    }

    @Test
    void aFailedStepShowsInDerivedExitCodeWhileTheScriptsExitCodeStays() throws Exception {
        stepEnding(0, 0);
        stepEnding(3, 0);
        stepEnding(0, 9);

        JobRecord done = scriptEnds(0);
        assertThat(done.getState().name()).endsWith("COMPLETED");
        assertThat(done.getExitCode()).as("ExitCode, the script's").isZero();
        assertThat(done.getDerivedExitCode()).as("DerivedExitCode, the worst step's").isEqualTo(3);
    }

    @Test
    void withoutFailedStepsDerivedExitCodeIsTheScripts() throws Exception {
        stepEnding(0, 0);

        JobRecord done = scriptEnds(2);
        assertThat(done.getState().name()).endsWith("FAILED");
        assertThat(done.getExitCode()).isEqualTo(2);
        assertThat(done.getDerivedExitCode()).isEqualTo(2);
    }

    @Test
    void aJobTheControllerEndsKeepsItsFailedStepInDerivedExitCode() throws Exception {
        stepEnding(0, 0);
        stepEnding(5, 0);

        CancelJobResponse answer = cluster.client(ALICE).call(CancelJobRequest.newBuilder()
                .addTargets(JobTarget.newBuilder().setJobId((int) job)).build(), CancelJobResponse.class);
        assertThat(answer.getResults(0).getErrorCode()).isZero();
        JobRecord cancelled = cluster.job(job);
        assertThat(cancelled.getState().name()).endsWith("CANCELLED");
        assertThat(cancelled.getExitCode()).as("ExitCode 0:15, the scancel").isZero();
        assertThat(cancelled.getTermSignal()).isEqualTo(15);
        assertThat(cancelled.getDerivedExitCode()).as("DerivedExitCode, the worst step's").isEqualTo(5);
    }

    @Test
    void aCancelledJobWithoutFailedStepsHasDerivedExitCodeZero() throws Exception {
        stepEnding(0, 0);

        cluster.client(ALICE).call(CancelJobRequest.newBuilder()
                .addTargets(JobTarget.newBuilder().setJobId((int) job)).build(), CancelJobResponse.class);
        assertThat(cluster.job(job).getDerivedExitCode()).isZero();
    }
}
