package io.jslurm.slurmd.daemon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import io.jslurm.common.time.TimeLimit;
import io.jslurm.protocol.proto.AllocatedNode;
import io.jslurm.protocol.proto.ArrayBounds;
import io.jslurm.protocol.proto.LaunchBatchJob;
import io.jslurm.protocol.proto.OpenMode;
import io.jslurm.protocol.proto.WarningSignal;
import io.jslurm.slurmd.launch.ArrayTask;
import io.jslurm.slurmd.launch.BatchLaunch;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class LaunchRequestsTest {
    private static final Instant NOW = Instant.parse("2026-11-30T02:00:00Z");

    private static LaunchBatchJob.Builder request() {
        return LaunchBatchJob.newBuilder()
                .setJobId(4242).setUid(1000).setGid(1000).setUserName("alice")
                .setScript(ByteString.copyFrom("#!/bin/sh\ntrue\n", StandardCharsets.UTF_8))
                .setWorkDir("/home/alice/run")
                .setNodeList("gpu[01-02]")
                .setCpusOnNode(8)
                .setTimeLimitMinutes(90)
                .setStartTime(NOW.getEpochSecond() - 60);
    }

    @Test
    void aMultiNodeArrayTaskWithItsAllocationAndOptions() {
        LaunchBatchJob request = request()
                .setArrayJobId(4200).setArrayTaskId(7)
                .setArrayBounds(ArrayBounds.newBuilder().setCount(16).setMin(0).setMax(15).setStep(1))
                .addAllocatedNodes(AllocatedNode.newBuilder().setNodeName("gpu01").setCpus(8).setTasks(2))
                .addAllocatedNodes(AllocatedNode.newBuilder().setNodeName("gpu02").setCpus(4).setTasks(1))
                .setNtasks(3).setCpusPerTask(4).setMemLimitMb(2048).setMemPerNodeRequested(true)
                .setStdOut("out-%j.txt").setOpenMode(OpenMode.OPEN_MODE_APPEND)
                .setSignal(WarningSignal.newBuilder().setSignal(10).setSecondsBeforeEnd(120).setBatchShellOnly(true))
                .addGpuIndices(1).setGpus("a100:2")
                .build();

        BatchLaunch launch = LaunchRequests.toBatchLaunch(request, "gpu01", "cl", NOW);

        assertThat(launch.jobId()).isEqualTo(4242);
        assertThat(launch.arrayTask()).contains(new ArrayTask(4200, 7, 16, 0, 15, 1));
        assertThat(launch.clusterName()).isEqualTo("cl");
        assertThat(launch.allocation().tasksPerNode()).containsExactly(2, 1);
        assertThat(launch.allocation().jobCpusPerNode()).containsExactly(8, 4);
        assertThat(launch.allocation().nodeIndex()).isZero();
        assertThat(launch.allocation().memPerNodeMib()).hasValue(2048);
        assertThat(launch.allocation().gpus()).containsExactly(1);
        assertThat(launch.allocation().gpuRequest().gpus()).contains("a100:2");
        assertThat(launch.submitDir()).isEqualTo(Path.of("/home/alice/run"));
        assertThat(launch.stdio().output()).contains("out-%j.txt");
        assertThat(launch.stdio().openMode()).isEqualTo(io.jslurm.slurmd.launch.OpenMode.APPEND);
        assertThat(launch.timeLimit()).isEqualTo(TimeLimit.ofMinutes(90));
        assertThat(launch.endTime()).contains(NOW.plusSeconds(89 * 60));
        assertThat(launch.signal()).hasValueSatisfying(signal -> {
            assertThat(signal.signal().number()).isEqualTo(10);
            assertThat(signal.delaySeconds()).isEqualTo(120);
            assertThat(signal.batchShellOnly()).isTrue();
        });
    }

    @Test
    void noTimeLimitAndTheWireUnlimitedBothMeanUnlimited() {
        assertThat(LaunchRequests.toBatchLaunch(request().setTimeLimitMinutes(0).build(), "gpu01", "cl", NOW).timeLimit())
                .isEqualTo(TimeLimit.UNLIMITED);
        assertThat(LaunchRequests.toBatchLaunch(request().setTimeLimitMinutes(-1).build(), "gpu01", "cl", NOW).endTime())
                .isEmpty();
    }

    @Test
    void requestsThatCannotRunHereAreRefused() {
        assertThatThrownBy(() -> LaunchRequests.toBatchLaunch(request().build(), "gpu07", "cl", NOW))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("gpu07");
        assertThatThrownBy(() -> LaunchRequests.toBatchLaunch(request().setWorkDir("relative").build(), "gpu01", "cl", NOW))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("absolute");
    }
}
