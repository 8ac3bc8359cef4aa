package io.jslurm.slurmctld.rpc;

import static io.jslurm.slurmctld.ControllerFixture.ALICE;
import static io.jslurm.slurmctld.ControllerFixture.job;
import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.protocol.proto.JobInfoRequest;
import io.jslurm.protocol.proto.JobInfoResponse;
import io.jslurm.protocol.proto.JobRecord;
import io.jslurm.slurmctld.ControllerFixture;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The job list squeue asks for: every record names its partition, job name, time limit and array {@code %N}
 * limit itself, and the request comes only when asked for, so squeue's usual layouts need none.
 */
class JobInfoWithoutRequestTest {

    private static JobInfoResponse jobs(ControllerFixture cluster, boolean includeRequest) throws Exception {
        return cluster.client(ALICE).call(JobInfoRequest.newBuilder().setIncludeRequest(includeRequest)
                .setOmitScriptAndEnvironment(true).build(), JobInfoResponse.class);
    }

    @Test
    void recordsCarryPartitionNameLimitsWithOrWithoutTheRequest(@TempDir Path dir) throws Exception {
        try (ControllerFixture cluster = new ControllerFixture(dir)) {
            answersWithAndWithoutRequests(cluster);
        }
    }

    private static void answersWithAndWithoutRequests(ControllerFixture cluster) throws Exception {
        cluster.submit(ALICE, job(ALICE, "alice").setName("eval"));
        cluster.submit(ALICE, job(ALICE, "alice").setName("sweep").setArray("0-3%2"));

        JobInfoResponse bare = jobs(cluster, false);
        assertThat(bare.getJobsList()).hasSize(5).noneMatch(JobRecord::hasRequest)
                .allMatch(j -> !j.getPartition().isEmpty());
        assertThat(bare.getJobsList()).extracting(JobRecord::getName)
                .containsExactly("eval", "sweep", "sweep", "sweep", "sweep");
        assertThat(bare.getJobsList()).extracting(JobRecord::getArrayMaxRunning).containsExactly(0, 2, 2, 2, 2);

        JobInfoResponse full = jobs(cluster, true);
        assertThat(full.getJobsList()).allMatch(JobRecord::hasRequest)
                .allMatch(j -> j.getPartition().equals(j.getRequest().getPartition())
                        && j.getName().equals(j.getRequest().getName())
                        && j.hasTimeLimitMinutes()
                        && j.getTimeLimitMinutes() == j.getRequest().getTimeLimitMinutes());
        // The same records, less the requests: the answer squeue's default layout gets is smaller by them.
        for (int i = 0; i < full.getJobsCount(); i++) {
            assertThat(full.getJobs(i).toBuilder().clearRequest().build()).isEqualTo(bare.getJobs(i));
        }
        assertThat(bare.getSerializedSize()).isLessThan(full.getSerializedSize());
    }
}
