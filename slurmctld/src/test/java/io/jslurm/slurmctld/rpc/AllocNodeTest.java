package io.jslurm.slurmctld.rpc;

import static io.jslurm.slurmctld.ControllerFixture.ALICE;
import static io.jslurm.slurmctld.ControllerFixture.job;
import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.protocol.proto.JobDescription;
import io.jslurm.protocol.proto.JobInfoRequest;
import io.jslurm.protocol.proto.JobInfoResponse;
import io.jslurm.slurmctld.ControllerFixture;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The submit host and session a job came from (scontrol's AllocNode:Sid) are kept, across a restart too. */
class AllocNodeTest {

    @TempDir
    Path dir;

    @Test
    void theSubmittingHostAndSessionAreShownAndSurviveARestart() throws Exception {
        long jobId;
        try (ControllerFixture first = new ControllerFixture(dir)) {
            jobId = first.submit(ALICE, job(ALICE, "alice").setSubmitHost("login1").setAllocSid(4242));
            assertThat(request(first, jobId).getSubmitHost()).isEqualTo("login1");
            assertThat(request(first, jobId).getAllocSid()).isEqualTo(4242);
        }
        try (ControllerFixture again = new ControllerFixture(dir)) {
            JobDescription recovered = request(again, jobId);
            assertThat(recovered.getSubmitHost()).as("read back from the saved state").isEqualTo("login1");
            assertThat(recovered.getAllocSid()).isEqualTo(4242);
        }
    }

    private static JobDescription request(ControllerFixture cluster, long jobId) throws Exception {
        return cluster.client(0).call(JobInfoRequest.newBuilder().addJobIds((int) jobId).setIncludeRequest(true)
                .build(), JobInfoResponse.class).getJobs(0).getRequest();
    }
}
