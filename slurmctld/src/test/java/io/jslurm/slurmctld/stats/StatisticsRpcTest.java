package io.jslurm.slurmctld.stats;

import static io.jslurm.slurmctld.ControllerFixture.ALICE;
import static io.jslurm.slurmctld.ControllerFixture.job;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.proto.CancelJobRequest;
import io.jslurm.protocol.proto.CancelJobResponse;
import io.jslurm.protocol.proto.JobInfoRequest;
import io.jslurm.protocol.proto.JobInfoResponse;
import io.jslurm.protocol.proto.JobTarget;
import io.jslurm.protocol.proto.RpcTypeStats;
import io.jslurm.protocol.proto.RpcUserStats;
import io.jslurm.protocol.proto.StatsInfoRequest;
import io.jslurm.protocol.proto.StatsInfoResponse;
import io.jslurm.protocol.proto.SubmitBatchJobRequest;
import io.jslurm.protocol.proto.SubmitBatchJobResponse;
import io.jslurm.slurmctld.ControllerFixture;
import io.jslurm.slurmctld.ControllerFixtureExtension;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** What sdiag reads: counters kept by the real controller as requests arrive over loopback and passes run. */
@ExtendWith(ControllerFixtureExtension.class)
class StatisticsRpcTest {

    ControllerFixture cluster;

    @BeforeEach
    void start(ControllerFixture fresh) {
        cluster = fresh;
    }

    private long submit() throws Exception {
        return cluster.client(ALICE).call(SubmitBatchJobRequest.newBuilder().setJob(job(ALICE, "alice")
                .setCpusPerTask(8)).build(), SubmitBatchJobResponse.class).getJobId();
    }

    private StatsInfoResponse stats() throws Exception {
        return cluster.client(0).call(StatsInfoRequest.getDefaultInstance(), StatsInfoResponse.class);
    }

    @Test
    void countsJobsRpcsAndSchedulerCycles() throws Exception {
        cluster.register("gpu01", 16000);
        long first = submit();
        long second = submit();
        long third = submit();
        cluster.client(ALICE).call(CancelJobRequest.newBuilder().addTargets(JobTarget.newBuilder()
                .setJobId((int) third)).build(), CancelJobResponse.class);
        cluster.client(ALICE).call(JobInfoRequest.getDefaultInstance(), JobInfoResponse.class);
        assertThat(cluster.controller.loop().runPass()).hasSize(1);

        StatsInfoResponse stats = stats();
        assertThat(stats.getJobsSubmitted()).isEqualTo(3);
        assertThat(stats.getJobsStarted()).isEqualTo(1);
        assertThat(stats.getJobsCanceled()).isEqualTo(1);
        assertThat(stats.getJobsCompleted()).isZero();
        assertThat(stats.getJobsRunning()).as("job %d", first).isEqualTo(1);
        assertThat(stats.getJobsPending()).as("job %d", second).isEqualTo(1);
        assertThat(stats.getServerThreadCount()).as("the thread answering counts").isGreaterThanOrEqualTo(1);
        assertThat(stats.getMain().getTotalCycles()).isGreaterThanOrEqualTo(1);
        assertThat(stats.getMain().getLastQueueLength()).isEqualTo(2);
        assertThat(stats.getMain().getMaxCycle()).isGreaterThanOrEqualTo(stats.getMain().getLastCycle());
        assertThat(stats.getBackfill().getTotalCycles()).isGreaterThanOrEqualTo(1);
        assertThat(stats.getBackfill().getLastCycleWhen()).isEqualTo(cluster.clock.instant().getEpochSecond());

        Map<String, RpcTypeStats> types = stats.getRpcTypesList().stream()
                .collect(Collectors.toMap(RpcTypeStats::getName, t -> t));
        assertThat(types.get("REQUEST_SUBMIT_BATCH_JOB").getCount()).isEqualTo(3);
        assertThat(types.get("REQUEST_SUBMIT_BATCH_JOB").getId()).isEqualTo(4003);
        assertThat(types.get("REQUEST_SUBMIT_BATCH_JOB").getTotalTime()).isPositive();
        assertThat(types.get("REQUEST_KILL_JOB").getCount()).isEqualTo(1);
        assertThat(types.get("REQUEST_JOB_INFO").getCount()).isEqualTo(1);
        assertThat(types.get("MESSAGE_NODE_REGISTRATION_STATUS").getCount()).isEqualTo(1);
        assertThat(types).doesNotContainKey("REQUEST_STATS_INFO").as("counted once its handler returns");
        Map<Long, RpcUserStats> users = stats.getRpcUsersList().stream()
                .collect(Collectors.toMap(RpcUserStats::getUid, u -> u));
        assertThat(users.get(ALICE).getCount()).isEqualTo(5);
        assertThat(users.get(0L).getCount()).as("slurmd's registration").isEqualTo(1);

        assertThat(stats().getRpcTypesList()).anyMatch(t -> t.getName().equals("REQUEST_STATS_INFO")
                && t.getId() == 2035 && t.getCount() == 1);
    }

    @Test
    void onlyRootResetsAndResetStartsCountingAgain() throws Exception {
        submit();
        cluster.controller.loop().runPass();
        assertThatThrownBy(() -> cluster.client(ALICE).call(StatsInfoRequest.newBuilder().setReset(true).build(),
                StatsInfoResponse.class)).isInstanceOf(RpcException.class)
                .hasMessage("Access/permission denied");
        assertThat(stats().getJobsSubmitted()).isEqualTo(1);

        cluster.clock.advance(Duration.ofMinutes(5));
        cluster.client(0).call(StatsInfoRequest.newBuilder().setReset(true).build(), StatsInfoResponse.class);
        StatsInfoResponse after = stats();
        assertThat(after.getDataSince()).isEqualTo(cluster.clock.instant().getEpochSecond());
        assertThat(after.getJobsSubmitted()).isZero();
        assertThat(after.getMain().getTotalCycles()).isZero();
        assertThat(after.getJobsPending()).as("a gauge, not a counter").isEqualTo(1);
        assertThat(after.getRpcTypesList()).extracting(RpcTypeStats::getName)
                .containsExactly("REQUEST_STATS_INFO").as("only the reset itself since");
    }
}
