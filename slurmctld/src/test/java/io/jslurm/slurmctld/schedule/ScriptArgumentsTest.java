package io.jslurm.slurmctld.schedule;

import static io.jslurm.slurmctld.ControllerFixture.ALICE;
import static io.jslurm.slurmctld.ControllerFixture.job;
import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.protocol.proto.JobComplete;
import io.jslurm.protocol.proto.JobControlRequest;
import io.jslurm.protocol.proto.JobControlResponse;
import io.jslurm.protocol.proto.JobTarget;
import io.jslurm.protocol.proto.LaunchBatchJob;
import io.jslurm.protocol.proto.SubmitBatchJobRequest;
import io.jslurm.protocol.proto.TerminateJob;
import io.jslurm.slurmctld.ControllerFixture;
import io.jslurm.slurmctld.ControllerFixtureExtension;
import io.jslurm.slurmctld.SlurmdPeer;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The words after the script on the sbatch command line reach every launch of the job unchanged. */
@ExtendWith(ControllerFixtureExtension.class)
class ScriptArgumentsTest {

    static final Duration WAIT = Duration.ofSeconds(10);
    static final List<String> ARGV = List.of("a b", "", "c", "it's \"quoted\"", "r\u00e9sum\u00e9 \u65e5\u672c");

    ControllerFixture cluster;
    SlurmdPeer slurmd;

    @BeforeEach
    void start(ControllerFixture fresh) throws Exception {
        cluster = fresh;
        slurmd = cluster.slurmdPeer;
        // A default job takes a whole node here: two nodes run both tasks of an array at once.
        for (String node : List.of("gpu01", "gpu02")) {
            cluster.register(node, 16000);
        }
    }

    @Test
    void theLaunchCarriesTheArgumentsAndARequeuedRunGetsThemAgain() throws Exception {
        long jobId = cluster.submit(ALICE, job(ALICE, "alice").addAllArgv(ARGV).setTimeLimitMinutes(10));
        cluster.controller.loop().runPass();
        LaunchBatchJob first = slurmd.next(LaunchBatchJob.class, WAIT);
        assertThat(first.getJobId()).isEqualTo(jobId);
        assertThat(first.getArgvList()).containsExactlyElementsOf(ARGV);

        JobControlResponse requeue = cluster.client(ALICE).call(JobControlRequest.newBuilder()
                .setAction(JobControlRequest.Action.REQUEUE).addTargets(JobTarget.newBuilder().setJobId((int) jobId))
                .build(), JobControlResponse.class);
        assertThat(requeue.getResultsList()).allMatch(r -> r.getErrorCode() == 0);
        slurmd.next(TerminateJob.class, WAIT);
        cluster.slurmd().call(JobComplete.newBuilder().setJobId((int) jobId)
                .setNodeName(first.getAllocatedNodes(0).getNodeName()).setTermSignal(15).build());
        // The requeue delay is AuthInfo's cred_expire, 120 s by default.
        cluster.clock.advance(Duration.ofSeconds(121));
        cluster.controller.loop().runPass();
        LaunchBatchJob second = slurmd.next(LaunchBatchJob.class, WAIT);
        assertThat(second.getRestartCount()).isEqualTo(1);
        assertThat(second.getArgvList()).containsExactlyElementsOf(ARGV);
    }

    @Test
    void everyArrayTaskGetsTheSameArguments() throws Exception {
        cluster.client(ALICE).call(SubmitBatchJobRequest.newBuilder().setJob(job(ALICE, "alice").addAllArgv(ARGV)
                .setArray("0-1").setTimeLimitMinutes(10)).build(), io.jslurm.protocol.proto.SubmitBatchJobResponse.class);
        cluster.controller.loop().runPass();
        LaunchBatchJob one = slurmd.next(LaunchBatchJob.class, WAIT);
        LaunchBatchJob two = slurmd.next(LaunchBatchJob.class, WAIT);
        assertThat(List.of(one.getArrayTaskId(), two.getArrayTaskId())).containsExactlyInAnyOrder(0, 1);
        assertThat(one.getArgvList()).containsExactlyElementsOf(ARGV);
        assertThat(two.getArgvList()).containsExactlyElementsOf(ARGV);
    }

    @Test
    void aJobWithoutArgumentsLaunchesWithNone() throws Exception {
        cluster.submit(ALICE, job(ALICE, "alice").setTimeLimitMinutes(10));
        cluster.controller.loop().runPass();
        assertThat(slurmd.next(LaunchBatchJob.class, WAIT).getArgvList()).isEmpty();
    }
}
