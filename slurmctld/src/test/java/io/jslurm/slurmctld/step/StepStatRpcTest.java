package io.jslurm.slurmctld.step;

import static io.jslurm.slurmctld.ControllerFixture.ALICE;
import static io.jslurm.slurmctld.ControllerFixture.BOB;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.proto.Ack;
import io.jslurm.protocol.proto.JobComplete;
import io.jslurm.protocol.proto.JobStepCreateRequest;
import io.jslurm.protocol.proto.JobStepCreateResponse;
import io.jslurm.protocol.proto.ResourceUsage;
import io.jslurm.protocol.proto.StepCompleteRequest;
import io.jslurm.protocol.proto.StepLayout;
import io.jslurm.protocol.proto.StepStatRequest;
import io.jslurm.protocol.proto.StepStatResponse;
import io.jslurm.slurmctld.ControllerFixture;
import io.jslurm.slurmctld.ControllerFixtureExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** sstat's request through the controller to the step's slurmd, and slurmd's step ends that carry usage. */
@ExtendWith(ControllerFixtureExtension.class)
class StepStatRpcTest {

    private static final int BATCH = 0xfffffffb;

    ControllerFixture cluster;

    @BeforeEach
    void start(ControllerFixture fresh) {
        cluster = fresh;
    }

    private long runningJob() throws Exception {
        cluster.register("gpu01", 16000);
        long job = cluster.submit(ALICE, ControllerFixture.job(ALICE, "alice"));
        cluster.controller.loop().runPass();
        assertThat(cluster.job(job).getState().name()).endsWith("RUNNING");
        return job;
    }

    private static StepStatRequest stat(long job, int step) {
        return StepStatRequest.newBuilder().setJobId((int) job).setStepId(step).build();
    }

    private static int errno(Throwable e) {
        return ((RpcException) e).errorCode();
    }

    @Test
    void theOwnerGetsTheStepsNodesAnswersOthersAndEndedStepsAreRefused() throws Exception {
        long job = runningJob();
        StepLayout layout = StepLayout.parseFrom(cluster.client(ALICE).call(JobStepCreateRequest.newBuilder()
                .setJobId((int) job).setNtasks(1).build(), JobStepCreateResponse.class).getCredential().getLayout());

        StepStatResponse answer = cluster.client(ALICE).call(stat(job, layout.getStepId()), StepStatResponse.class);

        assertThat(answer.getNtasks()).isEqualTo(1);
        assertThat(answer.getNodesList()).hasSize(1);
        assertThat(answer.getNodes(0).getUsage().getUserCpuMicros()).isEqualTo(1_000_000);
        StepStatRequest asked = cluster.slurmdPeer.next(StepStatRequest.class, ControllerFixture.TIMEOUT);
        assertThat(asked.getJobId()).isEqualTo((int) job);
        assertThat(asked.getStepId()).isEqualTo(layout.getStepId());

        assertThatThrownBy(() -> cluster.client(BOB).call(stat(job, layout.getStepId()), StepStatResponse.class))
                .satisfies(e -> assertThat(errno(e)).as("Access/permission denied").isEqualTo(2002));
        assertThatThrownBy(() -> cluster.client(ALICE).call(stat(job, 7), StepStatResponse.class))
                .satisfies(e -> assertThat(errno(e)).as("Invalid job id specified").isEqualTo(2017));
        assertThatThrownBy(() -> cluster.client(ALICE).call(stat(9999, 0), StepStatResponse.class))
                .satisfies(e -> assertThat(errno(e)).isEqualTo(2017));

        assertThat(cluster.client(ALICE).call(stat(job, BATCH), StepStatResponse.class).getNodesList())
                .as("the batch step on the job's first node").hasSize(1);

        cluster.client(ALICE).call(StepCompleteRequest.newBuilder().setJobId((int) job)
                .setStepId(layout.getStepId()).build(), Ack.class);
        assertThatThrownBy(() -> cluster.client(ALICE).call(stat(job, layout.getStepId()), StepStatResponse.class))
                .satisfies(e -> assertThat(errno(e)).isEqualTo(2017));
    }

    @Test
    void aStepsEndFromItsNodeDoesNotEndTheJob() throws Exception {
        long job = runningJob();
        StepLayout layout = StepLayout.parseFrom(cluster.client(ALICE).call(JobStepCreateRequest.newBuilder()
                .setJobId((int) job).setNtasks(1).build(), JobStepCreateResponse.class).getCredential().getLayout());

        cluster.slurmd().call(JobComplete.newBuilder().setJobId((int) job).setStepId(layout.getStepId())
                .setNodeName("gpu01").setExitCode(0).setUsage(ResourceUsage.newBuilder().setUserCpuMicros(2_000_000)
                        .setMaxRssKb(4096)).build(), Ack.class);
        cluster.slurmd().call(JobComplete.newBuilder().setJobId((int) job).setStepId(42).setNodeName("gpu01")
                .build(), Ack.class);

        assertThat(cluster.job(job).getState().name()).endsWith("RUNNING");
        assertThat(cluster.client(ALICE).call(stat(job, layout.getStepId()), StepStatResponse.class)
                .getNodesList()).as("srun has not said the step ended").hasSize(1);
    }
}
