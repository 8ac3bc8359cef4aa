package io.jslurm.cli.seff;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.protocol.proto.AcctJob;
import io.jslurm.protocol.proto.AcctStep;
import java.util.List;
import org.junit.jupiter.api.Test;

class EfficiencyTest {

    private static final AcctJob JOB = AcctJob.newBuilder().setJobId(42).setCluster("c1").setUserName("alice")
            .setGroupName("users").setState("COMPLETED").setAllocCpus(4).setAllocNodes(1).setStartTime(1_000)
            .setEndTime(1_000 + 3_600).setReqMemMb(2_048).setMemPerCpu(false).build();

    @Test
    void completedJobCpuAndMemoryShares() {
        AcctStep batch = AcctStep.newBuilder().setStepId(-5).setUserCpuMicros(5_400_000_000L)
                .setSystemCpuMicros(360_000_000L).setMaxRssBytes(512L << 20).build();
        AcctStep step0 = AcctStep.newBuilder().setStepId(0).setMaxRssBytes(100L << 20).build();

        assertThat(Efficiency.report(JOB, List.of(batch, step0), 99_999, GroupNames.of(List.of()))).isEqualTo("""
                Job ID: 42
                Cluster: c1
                User/Group: alice/users
                State: COMPLETED (exit code 0)
                Nodes: 1
                Cores per node: 4
                CPU Utilized: 01:36:00
                CPU Efficiency: 40.00% of 04:00:00 core-walltime
                Job Wall-clock time: 01:00:00
                Memory Utilized: 512.00 MB
                Memory Efficiency: 25.00% of 2.00 GB (2.00 GB/node)
                """);
    }

    @Test
    void runningSingleCoreArrayTaskWithMemoryPerCpu() {
        AcctJob task = JOB.toBuilder().setJobId(43).setArrayJobId(40).setArrayTaskId(3).setState("RUNNING")
                .setGroupName("").setGid(10).setAllocCpus(1).setEndTime(0).setReqMemMb(1_000).setMemPerCpu(true).build();

        String text = Efficiency.report(task, List.of(), 1_000 + 90_061,
                GroupNames.of(List.of("wheel:x:10:alice")));

        assertThat(text).contains("Array Job ID: 40_3\n", "User/Group: alice/wheel\n", "State: RUNNING\n", "Cores: 1\n",
                "Job Wall-clock time: 1-01:01:01\n", "Memory Utilized: 0.00 MB\n",
                "Memory Efficiency: 0.00% of 1000.00 MB (1000.00 MB/core)\n");
        assertThat(text).endsWith("WARNING: Efficiency statistics may be misleading for RUNNING jobs.\n");
    }
}
