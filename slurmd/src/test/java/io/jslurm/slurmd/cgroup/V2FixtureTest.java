package io.jslurm.slurmd.cgroup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.conf.cgroup.CgroupConfig;
import io.jslurm.common.cpu.IdSet;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The v2 interface files jslurm writes and reads, on a tree laid out like a GPU node's /sys/fs/cgroup. */
class V2FixtureTest {
    private static final String ALL = "cpuset cpu io memory pids";
    private static final String JOB = "sys/fs/cgroup/jslurm_n1/uid_1000/job_42";
    private static final long GIB = 1024L * 1024L * 1024L;

    @TempDir
    Path temp;
    private FixtureHost fixture;

    @BeforeEach
    void layOutHost() {
        fixture = new FixtureHost(temp)
                .file("proc/self/mountinfo", "27 26 0:24 / /sys/fs/cgroup rw,nosuid shared:8 - cgroup2 cgroup2 rw\n")
                .file("proc/self/cgroup", "0::/system.slice/slurmd.service\n")
                .file("sys/fs/cgroup/cgroup.controllers", ALL)
                .file("sys/fs/cgroup/cgroup.subtree_control", "")
                .v2Cgroup("sys/fs/cgroup/jslurm_n1", ALL)
                .v2Cgroup("sys/fs/cgroup/jslurm_n1/uid_1000", ALL)
                .v2Cgroup(JOB, ALL)
                .v2Cgroup(JOB + "/step_batch", ALL);
    }

    private CgroupManager manager(CgroupBase base) {
        return Cgroups.open(CgroupConfig.defaults(), CgroupLayout.forNode("n1"), fixture.host(), base);
    }

    @Test
    void jobLimitsGoToTheV2Files() {
        CgroupManager manager = manager(CgroupBase.HIERARCHY_ROOT);
        CgroupLimits limits = CgroupLimits.NONE.withCpus(IdSet.parse("2-5"), IdSet.of(0))
                .withMemory(new MemoryLimit(OptionalLong.of(4 * GIB), OptionalLong.of(0))).withPidsMax(512);

        Cgroup job = manager.createJob(1000, 42, limits);

        assertThat(manager.version()).isEqualTo(CgroupVersion.V2);
        assertThat(job.path()).isEqualTo("jslurm_n1/uid_1000/job_42");
        assertThat(fixture.read(JOB + "/memory.max")).isEqualTo("4294967296");
        assertThat(fixture.read(JOB + "/memory.swap.max")).isEqualTo("0");
        assertThat(fixture.read(JOB + "/cpuset.cpus")).isEqualTo("2-5");
        assertThat(fixture.read(JOB + "/cpuset.mems")).isEqualTo("0");
        assertThat(fixture.read(JOB + "/pids.max")).isEqualTo("512");
    }

    @Test
    void controllersAreEnabledForChildrenAllTheWayDown() {
        manager(CgroupBase.HIERARCHY_ROOT).createStep(1000, 42, StepName.BATCH, CgroupLimits.NONE);

        for (String dir : List.of("sys/fs/cgroup", "sys/fs/cgroup/jslurm_n1", "sys/fs/cgroup/jslurm_n1/uid_1000", JOB)) {
            assertThat(fixture.read(dir + "/cgroup.subtree_control")).as(dir)
                    .isEqualTo("+cpuset +cpu +io +memory +pids");
        }
        assertThat(fixture.read(JOB + "/step_batch/cgroup.subtree_control")).isEmpty();
    }

    @Test
    void onlyControllersTheParentOffersAreEnabled() {
        fixture.file("sys/fs/cgroup/cgroup.controllers", "cpu memory pids hugetlb");
        manager(CgroupBase.HIERARCHY_ROOT).createJob(1000, 42, CgroupLimits.NONE);
        assertThat(fixture.read("sys/fs/cgroup/cgroup.subtree_control")).isEqualTo("+cpu +memory +pids");
    }

    @Test
    void stepLimitsGoToTheStepsFiles() {
        CgroupManager manager = manager(CgroupBase.HIERARCHY_ROOT);
        manager.createJob(1000, 42, CgroupLimits.NONE);
        manager.createStep(1000, 42, StepName.BATCH,
                CgroupLimits.NONE.withMemory(new MemoryLimit(OptionalLong.of(2 * GIB), OptionalLong.empty())));

        assertThat(fixture.read(JOB + "/step_batch/memory.max")).isEqualTo("2147483648");
        assertThat(fixture.read(JOB + "/step_batch/memory.swap.max")).isEqualTo("max");
        assertThat(fixture.read(JOB + "/memory.max")).isEqualTo("max");
    }

    @Test
    void anSrunStepsOwnMemoryLimitHasRamAndSwapAsCgroupConfAsks() {
        fixture.v2Cgroup(JOB + "/step_0", ALL);
        // ConstrainRAMSpace, ConstrainSwapSpace, AllowedSwapSpace=50: a 100M step may use 100M of RAM and 50M of swap.
        CgroupConfig config = TestCgroupConfigs.memory(true, true, 100, 50, 100, 100, 30);
        CgroupManager manager = manager(CgroupBase.HIERARCHY_ROOT);
        manager.createJob(1000, 42, CgroupLimits.NONE.withMemory(MemoryLimit.forJob(config, 1024, 16_000)));

        manager.createStep(1000, 42, StepName.of(0), CgroupLimits.NONE.withMemory(MemoryLimit.forJob(config, 100, 16_000)));

        long mib = 1024L * 1024L;
        assertThat(fixture.read(JOB + "/step_0/memory.max")).isEqualTo(Long.toString(100 * mib));
        assertThat(fixture.read(JOB + "/step_0/memory.swap.max")).isEqualTo(Long.toString(50 * mib));
        assertThat(fixture.read(JOB + "/memory.max")).as("the job's limit stays the job's")
                .isEqualTo(Long.toString(1024 * mib));
        assertThat(fixture.read(JOB + "/step_batch/memory.max")).isEqualTo("max");
    }

    @Test
    void aMissingControllerFileIsNamed() {
        fixture.file(JOB + "/pids.max", "");
        Path pidsMax = fixture.path(JOB + "/pids.max");
        pidsMax.toFile().delete();

        assertThatThrownBy(() -> manager(CgroupBase.HIERARCHY_ROOT).createJob(1000, 42,
                CgroupLimits.NONE.withPidsMax(64)))
                .isInstanceOf(CgroupException.class)
                .hasMessage("cannot write '64' to " + pidsMax + ": no such file");
    }

    @Test
    void usageComesFromCpuStatMemoryAndIoFiles() {
        fixture.file(JOB + "/cpu.stat", "usage_usec 3500000\nuser_usec 2500000\nsystem_usec 1000000\n")
                .file(JOB + "/memory.current", "1048576\n")
                .file(JOB + "/memory.peak", "8388608\n")
                .file(JOB + "/memory.events", "low 0\nhigh 0\nmax 7\noom 1\noom_kill 1\n")
                .file(JOB + "/io.stat", "8:0 rbytes=4096 wbytes=8192 rios=1 wios=2 dbytes=0 dios=0\n"
                        + "259:0 rbytes=100 wbytes=0 rios=1 wios=0 dbytes=0 dios=0\n");

        CgroupUsage usage = manager(CgroupBase.HIERARCHY_ROOT).findJob(42).orElseThrow().usage();

        assertThat(usage.userCpu()).isEqualTo(Duration.ofMillis(2500));
        assertThat(usage.systemCpu()).isEqualTo(Duration.ofSeconds(1));
        assertThat(usage.memoryBytes()).hasValue(1048576);
        assertThat(usage.peakMemoryBytes()).hasValue(8388608);
        assertThat(usage.oomKilled()).isTrue();
        assertThat(usage.memoryLimitHits()).hasValue(7);
        assertThat(usage.readBytes()).hasValue(4196);
        assertThat(usage.writeBytes()).hasValue(8192);
    }

    @Test
    void anSrunStepsUsageComesFromItsOwnCgroup() {
        fixture.v2Cgroup(JOB + "/step_0", ALL)
                .file(JOB + "/step_0/cpu.stat", "usage_usec 1750000\nuser_usec 1500000\nsystem_usec 250000\n")
                .file(JOB + "/cpu.stat", "usage_usec 99000000\nuser_usec 90000000\nsystem_usec 9000000\n")
                .file(JOB + "/step_0/memory.current", "0\n")
                .file(JOB + "/step_0/memory.peak", "104857600\n")
                .file(JOB + "/step_0/memory.events", "low 0\nhigh 0\nmax 0\noom 0\noom_kill 0\n")
                .file(JOB + "/step_0/io.stat", "8:0 rbytes=4096 wbytes=1048576 rios=1 wios=8 dbytes=0 dios=0\n");

        CgroupUsage usage = manager(CgroupBase.HIERARCHY_ROOT).findStep(42, StepName.of(0)).orElseThrow().usage();

        assertThat(usage.userCpu()).isEqualTo(Duration.ofMillis(1500));
        assertThat(usage.systemCpu()).isEqualTo(Duration.ofMillis(250));
        assertThat(usage.peakMemoryBytes()).as("memory.peak").hasValue(104857600);
        assertThat(usage.oomKilled()).isFalse();
        assertThat(usage.readBytes()).hasValue(4096);
        assertThat(usage.writeBytes()).hasValue(1048576);
    }

    @Test
    void peakIsUnknownOnKernelsWithoutMemoryPeak() {
        fixture.file(JOB + "/cpu.stat", "usage_usec 0\nuser_usec 0\nsystem_usec 0\n");
        CgroupUsage usage = manager(CgroupBase.HIERARCHY_ROOT).findJob(42).orElseThrow().usage();
        assertThat(usage.peakMemoryBytes()).isEmpty();
        assertThat(usage.readBytes()).isEmpty();
        assertThat(usage.oomKilled()).isFalse();
    }

    @Test
    void restartedSlurmdFindsJobsStepsAndUsers() {
        fixture.v2Cgroup("sys/fs/cgroup/jslurm_n1/uid_2000", ALL)
                .v2Cgroup("sys/fs/cgroup/jslurm_n1/uid_2000/job_7", ALL)
                .v2Cgroup(JOB + "/step_0", ALL)
                .v2Cgroup("sys/fs/cgroup/jslurm_n2/uid_1000/job_99", ALL);
        CgroupManager manager = manager(CgroupBase.HIERARCHY_ROOT);

        assertThat(manager.jobIds()).containsExactly(7L, 42L);
        assertThat(manager.findJob(7).map(Cgroup::path)).contains("jslurm_n1/uid_2000/job_7");
        assertThat(manager.steps(42)).containsExactly(StepName.of(0), StepName.BATCH);
        assertThat(manager.findStep(42, StepName.BATCH).map(Cgroup::path))
                .contains("jslurm_n1/uid_1000/job_42/step_batch");
        assertThat(manager.findStep(42, StepName.EXTERN)).isEmpty();
        assertThat(manager.findJob(99)).as("another slurmd's job").isEmpty();
    }

    @Test
    void ownCgroupBasePlacesJobsBelowSlurmdsService() {
        String service = "sys/fs/cgroup/system.slice/slurmd.service";
        fixture.v2Cgroup("sys/fs/cgroup/system.slice", ALL).v2Cgroup(service, ALL)
                .v2Cgroup(service + "/jslurm_n1", ALL).v2Cgroup(service + "/jslurm_n1/uid_1000", ALL)
                .v2Cgroup(service + "/jslurm_n1/uid_1000/job_5", ALL);

        Cgroup job = manager(CgroupBase.OWN_CGROUP).createJob(1000, 5, CgroupLimits.NONE.withPidsMax(100));

        assertThat(job.path()).isEqualTo("jslurm_n1/uid_1000/job_5");
        assertThat(fixture.read(service + "/jslurm_n1/uid_1000/job_5/pids.max")).isEqualTo("100");
        assertThat(fixture.read(service + "/cgroup.subtree_control")).isEqualTo("+cpuset +cpu +io +memory +pids");
        assertThat(fixture.read("sys/fs/cgroup/cgroup.subtree_control")).as("above slurmd's own cgroup").isEmpty();
        assertThat(manager(CgroupBase.OWN_CGROUP).findJob(5).map(Cgroup::path)).contains(job.path());
        assertThat(manager(CgroupBase.HIERARCHY_ROOT).findJob(5)).isEmpty();
    }

    @Test
    void joinCommandWritesItsOwnPidToTheCgroupThenExecs() throws Exception {
        Cgroup step = manager(CgroupBase.HIERARCHY_ROOT).createStep(1000, 42, StepName.BATCH, CgroupLimits.NONE);
        Process process = new ProcessBuilder(step.joinAndExec(List.of("/bin/sh", "-c", "echo $$"))).start();

        String printedPid = new String(process.getInputStream().readAllBytes()).strip();

        assertThat(process.waitFor()).isZero();
        assertThat(printedPid).isEqualTo(Long.toString(process.pid()));
        assertThat(fixture.read(JOB + "/step_batch/cgroup.procs").strip()).isEqualTo(printedPid);
    }
}
