package io.jslurm.slurmctld;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.protocol.client.RpcClient;
import io.jslurm.protocol.proto.ClientMessage;
import io.jslurm.protocol.proto.JobInfoRequest;
import io.jslurm.protocol.proto.JobInfoResponse;
import io.jslurm.protocol.proto.JobRecord;
import io.jslurm.protocol.proto.JobState;
import io.jslurm.protocol.proto.NodeInfoRequest;
import io.jslurm.protocol.proto.NodeInfoResponse;
import io.jslurm.protocol.proto.SubmitBatchJobRequest;
import io.jslurm.protocol.proto.SubmitBatchJobResponse;
import io.jslurm.protocol.proto.UpdateNodeRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Kills the controller process with SIGKILL and starts it again: jobs, node states and job ids carry on. */
class RestartTest {

    static final String CLUSTER = """
            NodeName=DEFAULT NodeAddr=127.0.0.1 CPUs=8 Sockets=1 CoresPerSocket=8 ThreadsPerCore=1 RealMemory=16000
            NodeName=node01
            NodeName=node02
            PartitionName=batch Nodes=ALL Default=YES MaxTime=60 State=UP
            """;

    @TempDir
    Path dir;

    @Test
    void jobsNodeStatesAndTheNextJobIdSurviveKillDashNine() throws Exception {
        List<Long> submitted = new ArrayList<>();
        try (ControllerProcess ctld = new ControllerProcess(dir, CLUSTER)) {
            ctld.start("-Xmx256m");
            try (RpcClient<ClientMessage> alice = ctld.client(ControllerFixture.ALICE);
                 RpcClient<ClientMessage> root = ctld.client(0)) {
                for (int i = 0; i < 3; i++) {
                    submitted.add((long) alice.call(SubmitBatchJobRequest.newBuilder()
                            .setJob(ControllerFixture.job(ControllerFixture.ALICE, "alice").setTimeLimitMinutes(5))
                            .build(), SubmitBatchJobResponse.class).getJobId());
                }
                root.call(UpdateNodeRequest.newBuilder().setNodeList("node02").setState(UpdateNodeRequest.StateChange.DRAIN)
                        .setReason("bad dimm").build());
            }
            ctld.kill();

            ctld.start("-Xmx256m");
            try (RpcClient<ClientMessage> alice = ctld.client(ControllerFixture.ALICE)) {
                JobInfoResponse jobs = alice.call(JobInfoRequest.getDefaultInstance(), JobInfoResponse.class);
                assertThat(jobs.getJobsList()).extracting(j -> (long) j.getJobId())
                        .containsExactlyElementsOf(submitted);
                assertThat(jobs.getJobsList()).extracting(JobRecord::getState).containsOnly(JobState.JOB_PENDING);
                var node02 = alice.call(NodeInfoRequest.newBuilder().setNodeList("node02").build(),
                        NodeInfoResponse.class).getNodes(0);
                assertThat(node02.getStateFlagsList()).contains(io.jslurm.protocol.proto.NodeStateFlag.NODE_FLAG_DRAIN);
                assertThat(node02.getReason()).isEqualTo("bad dimm");
                long next = alice.call(SubmitBatchJobRequest.newBuilder()
                        .setJob(ControllerFixture.job(ControllerFixture.ALICE, "alice").setTimeLimitMinutes(5))
                        .build(), SubmitBatchJobResponse.class).getJobId();
                assertThat(next).isEqualTo(submitted.get(2) + 1);
            }
            assertThat(Files.readString(dir.resolve("slurmctld.pid")).strip()).isEqualTo(Long.toString(ctld.pid()));
            ctld.terminate();
            assertThat(dir.resolve("slurmctld.pid")).doesNotExist();
            assertThat(Files.readString(dir.resolve("slurmctld.log"))).contains("Terminate signal")
                    .contains("_slurm_rpc_submit_batch_job: JobId=" + submitted.get(0));
        }
    }

    @Test
    void aBrokenConfigurationFailsTheStartWithFileAndLine() throws Exception {
        Files.writeString(dir.resolve("slurm.conf"), "SlurmctldHost=localhost\nNodeName=n1 CPUs=lots\n");
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        int status = SlurmctldMain.run(new String[] {"-D", "-f", dir.resolve("slurm.conf").toString()},
                java.util.Map.of(), System.out, new java.io.PrintStream(err, true));
        assertThat(status).isEqualTo(1);
        assertThat(err.toString()).contains(dir.resolve("slurm.conf") + ":2:").contains("CPUs");
    }
}
