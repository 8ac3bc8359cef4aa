package io.jslurm.slurmd.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.conf.LoadedConfig;
import io.jslurm.protocol.proto.AllocatedNode;
import io.jslurm.protocol.proto.Gpu;
import io.jslurm.protocol.proto.LaunchBatchJob;
import io.jslurm.slurmd.cgroup.CgroupLimits;
import io.jslurm.slurmd.cgroup.DeviceRule;
import io.jslurm.common.cpu.IdSet;
import io.jslurm.slurmd.hw.CpuTopology;
import io.jslurm.slurmd.hw.Fixtures;
import io.jslurm.slurmd.hw.NodeHardwareProbe;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class JobConfinementTest {
    private static final String SLURM_CONF = "ClusterName=c\nSlurmctldHost=ctl\nNodeName=n1\n";
    /** Two sockets of 32 cores with two threads each: core 0 runs CPUs 0 and 64, core 1 CPUs 1 and 65. */
    private static final CpuTopology TOPOLOGY = new NodeHardwareProbe(Fixtures.host(Fixtures.DUAL_SOCKET_SMT), 4096,
            Path.of("/nonexistent")).probe().topology();
    /** Character devices that exist on every machine, standing in for /dev/nvidia0 and /dev/nvidia1. */
    private static final List<Gpu> GPUS = List.of(
            Gpu.newBuilder().setIndex(0).setDeviceFile("/dev/null").build(),
            Gpu.newBuilder().setIndex(1).setDeviceFile("/dev/zero").build());

    private static CgroupLimits limits(String cgroupConf, AllocatedNode here) {
        LoadedConfig config = Configs.withCgroupConf(SLURM_CONF, cgroupConf);
        LaunchBatchJob request = LaunchBatchJob.newBuilder().setJobId(1).setNodeList("n1").addAllocatedNodes(here).build();
        return new JobConfinement(config.cgroup(), TOPOLOGY, 16_000, GPUS).limitsFor(request, "n1");
    }

    @Test
    void theCoresGivenWithTheirThreadsTheMemoryAndOnlyTheGpusGiven() {
        CgroupLimits limits = limits("ConstrainCores=yes\nConstrainRAMSpace=yes\nConstrainDevices=yes\n",
                AllocatedNode.newBuilder().setNodeName("n1").setCores("0-1").setMemMb(2048).addGpuIndices(1).build());

        IdSet expected = IdSet.parse(TOPOLOGY.cores().get(0).cpus() + "," + TOPOLOGY.cores().get(1).cpus());
        assertThat(limits.cpus()).contains(expected);
        assertThat(expected.size()).isEqualTo(2 * TOPOLOGY.threadsPerCore());
        assertThat(limits.ramBytes()).hasValue(2048L * 1024 * 1024);
        assertThat(limits.deniedDevices()).containsExactly(DeviceRule.of(Path.of("/dev/null")));
    }

    private static JobConfinement confinement(String cgroupConf) {
        return new JobConfinement(Configs.withCgroupConf(SLURM_CONF, cgroupConf).cgroup(), TOPOLOGY, 16_000, GPUS);
    }

    @Test
    void aStepGetsItsOwnMemoryLimitWithSwapAsCgroupConfAsks() {
        CgroupLimits limits = confinement("ConstrainRAMSpace=yes\nConstrainSwapSpace=yes\nAllowedSwapSpace=50\n")
                .limitsForStep(List.of(), 100);

        assertThat(limits.ramBytes()).hasValue(100L * 1024 * 1024);
        assertThat(limits.swapBytes()).hasValue(50L * 1024 * 1024);
        assertThat(limits.cpus()).isEmpty();
        assertThat(limits.deniedDevices()).isEmpty();
    }

    @Test
    void aStepWithDevicesConfinedGetsBothItsMemoryAndItsGpus() {
        CgroupLimits limits = confinement("ConstrainRAMSpace=yes\nConstrainDevices=yes\n")
                .limitsForStep(List.of(0), 512);

        assertThat(limits.ramBytes()).hasValue(512L * 1024 * 1024);
        assertThat(limits.swapBytes()).isEmpty();
        assertThat(limits.deniedDevices()).containsExactly(DeviceRule.of(Path.of("/dev/zero")));
    }

    @Test
    void aStepWithoutMemoryOrWithoutConstraintIsBoundedByTheJobAlone() {
        assertThat(confinement("ConstrainRAMSpace=yes\n").limitsForStep(List.of(), 0)).isEqualTo(CgroupLimits.NONE);
        assertThat(confinement("").limitsForStep(List.of(), 100)).isEqualTo(CgroupLimits.NONE);
    }

    @Test
    void aJobWithoutABatchScriptGetsTheSameLimitsFromItsStepAsABatchJobFromItsLaunch() {
        String conf = "ConstrainCores=yes\nConstrainRAMSpace=yes\nConstrainSwapSpace=yes\nAllowedSwapSpace=25\n"
                + "ConstrainDevices=yes\n";
        CgroupLimits batch = limits(conf,
                AllocatedNode.newBuilder().setNodeName("n1").setCores("2-3").setMemMb(1024).addGpuIndices(0).build());

        CgroupLimits fromStep = confinement(conf).limitsForJob("2-3", 1024, List.of(0));

        assertThat(fromStep).isEqualTo(batch);
        assertThat(fromStep.ramBytes()).hasValue(1024L * 1024 * 1024);
        assertThat(fromStep.swapBytes()).hasValue(256L * 1024 * 1024);
        assertThat(fromStep.cpus()).contains(IdSet.parse(TOPOLOGY.cores().get(2).cpus() + ","
                + TOPOLOGY.cores().get(3).cpus()));
        assertThat(fromStep.deniedDevices()).containsExactly(DeviceRule.of(Path.of("/dev/zero")));
    }

    @Test
    void aStepFromAnOlderControllerWithoutTheJobsCoresConfinesToTheWholeNode() {
        CgroupLimits limits = confinement("ConstrainCores=yes\n").limitsForJob("", 0, List.of());

        assertThat(limits.cpus()).contains(TOPOLOGY.allCpus());
        assertThat(limits.ramBytes()).isEmpty();
    }

    @Test
    void withoutConstraintsNothingIsLimited() {
        CgroupLimits limits = limits("", AllocatedNode.newBuilder().setNodeName("n1").setCores("0").setMemMb(2048).build());

        assertThat(limits).isEqualTo(CgroupLimits.NONE);
    }
}
