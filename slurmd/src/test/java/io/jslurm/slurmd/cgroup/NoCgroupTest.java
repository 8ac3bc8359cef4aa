package io.jslurm.slurmd.cgroup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.conf.cgroup.CgroupConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An unprivileged slurmd's jobs: which manager it gets, and finding and killing jobs' processes without cgroups. */
class NoCgroupTest {
    private static final String V1_MOUNTS = """
            31 23 0:28 / /sys/fs/cgroup rw - tmpfs tmpfs rw
            35 31 0:32 / /sys/fs/cgroup/memory rw - cgroup cgroup rw,memory
            """;

    @TempDir
    Path temp;
    private final List<Process> started = new ArrayList<>();

    @AfterEach
    void stopLeftovers() {
        started.forEach(p -> p.descendants().forEach(ProcessHandle::destroyForcibly));
        started.forEach(Process::destroyForcibly);
    }

    private CgroupManager forDaemon(String mountinfo, boolean root) {
        FixtureHost fixture = new FixtureHost(temp.resolve("host")).file("proc/self/mountinfo", mountinfo);
        return Cgroups.openForDaemon(CgroupConfig.defaults(), CgroupLayout.forNode("n1"), fixture.host(),
                CgroupBase.HIERARCHY_ROOT, root, temp.resolve("state"));
    }

    @Test
    void anOrdinaryUserWithoutAWritableHierarchyGetsNoCgroups() {
        // The mountinfo names /sys/fs/cgroup/memory but the fixture has no such directory to write.
        assertThat(forDaemon(V1_MOUNTS, false).version()).isEqualTo(CgroupVersion.NONE);
        assertThat(forDaemon("31 23 0:28 / /tmp rw - tmpfs tmpfs rw\n", false).version())
                .isEqualTo(CgroupVersion.NONE);
    }

    @Test
    void anOrdinaryUserWhoMayWriteTheHierarchyUsesIt() {
        new FixtureHost(temp.resolve("host")).file("sys/fs/cgroup/memory/cgroup.procs", "");
        assertThat(forDaemon(V1_MOUNTS, false).version()).isEqualTo(CgroupVersion.V1);
    }

    @Test
    void rootAlwaysUsesTheHierarchyAndFailsWithoutOne() {
        assertThat(forDaemon(V1_MOUNTS, true).version()).isEqualTo(CgroupVersion.V1);
        assertThatThrownBy(() -> forDaemon("31 23 0:28 / /tmp rw - tmpfs tmpfs rw\n", true))
                .isInstanceOf(CgroupException.class).hasMessageContaining("no cgroup hierarchy");
    }

    private NoCgroupManager manager() {
        return new NoCgroupManager(CgroupLayout.forNode("n1"), temp.resolve("state"), Path.of("/proc"));
    }

    private Process start(Cgroup cgroup, String script) throws Exception {
        Process process = new ProcessBuilder(cgroup.joinAndExec(List.of("/bin/sh", "-c", script))).start();
        started.add(process);
        return process;
    }

    private static Set<Long> awaitCount(Cgroup cgroup, int count) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        Set<Long> pids = cgroup.processes();
        while (pids.size() < count && System.nanoTime() < deadline) {
            Thread.sleep(50);
            pids = cgroup.processes();
        }
        return pids;
    }

    @Test
    void killingABatchJobReachesEveryProcessOfItsSessionEvenOnesThatLeftTheTree() throws Exception {
        NoCgroupManager manager = manager();
        Cgroup job = manager.createJob(1000, 7, CgroupLimits.NONE);
        Cgroup batch = manager.createStep(1000, 7, StepName.BATCH, CgroupLimits.NONE);
        // The subshell exits at once: its sleep is re-parented away from the job's tree but stays in the session.
        Process script = new ProcessBuilder(batch.joinAndExec(List.of("/usr/bin/setsid", "/bin/sh", "-c",
                "(sleep 300 &); sleep 300 & wait"))).start();
        started.add(script);

        Set<Long> pids = awaitCount(job, 3);
        assertThat(pids).hasSize(3).contains(script.pid()).doesNotContain(ProcessHandle.current().pid());
        assertThat(manager.jobIds()).containsExactly(7L);
        assertThat(manager.steps(7)).containsExactly(StepName.BATCH);
        assertThatThrownBy(job::remove).isInstanceOf(CgroupException.class);

        job.kill();
        assertThat(job.awaitEmpty(Duration.ofSeconds(10))).isTrue();
        assertThat(script.waitFor(10, TimeUnit.SECONDS)).isTrue(); // reaped, so no zombie is left to look alive
        for (long pid : pids) {
            // Gone, or a zombie waiting for whichever process adopted it.
            assertThat(ProcTable.stat(Path.of("/proc", Long.toString(pid), "stat"))).as("pid " + pid).isEmpty();
        }
        job.remove();
        assertThat(manager.findJob(7)).isEmpty();
        assertThat(manager.jobIds()).isEmpty();
    }

    @Test
    void aStepTaskInSlurmdsSessionIsFoundByItsTreeAndKillingItSparesSlurmd() throws Exception {
        NoCgroupManager manager = manager();
        manager.createJob(1000, 8, CgroupLimits.NONE);
        Cgroup step = manager.createStep(1000, 8, StepName.of(0), CgroupLimits.NONE);
        Process task = start(step, "echo $SLURM_TASK_PID; sleep 300 & wait");
        String taskPid = new String(task.getInputStream().readNBytes(Long.toString(task.pid()).length())).strip();
        assertThat(taskPid).isEqualTo(Long.toString(task.pid()));

        assertThat(awaitCount(step, 2)).hasSize(2).contains(task.pid());
        step.freeze();
        assertThat(step.isFrozen()).isTrue();
        step.kill();
        assertThat(step.awaitEmpty(Duration.ofSeconds(10))).isTrue();
        assertThat(step.isFrozen()).isFalse();
        assertThat(ProcessHandle.current().isAlive()).isTrue();
        assertThat(step.usage().totalCpu()).isEqualTo(Duration.ZERO);
        assertThat(step.usage().memoryBytes()).isEmpty();
        assertThat(manager.findStep(8, StepName.of(0))).isPresent();
    }

    private static long startTime(long pid) {
        return ProcTable.of(Path.of("/proc"), pid).orElseThrow().startTime();
    }

    @Test
    void eachStartedTaskIsRecordedWithItsStartTime() throws Exception {
        NoCgroupManager manager = manager();
        manager.createJob(1000, 10, CgroupLimits.NONE);
        Cgroup step = manager.createStep(1000, 10, StepName.of(0), CgroupLimits.NONE);
        Process task = start(step, "echo started; exec sleep 300");
        assertThat(new String(task.getInputStream().readNBytes(8))).isEqualTo("started\n");
        String tasks = java.nio.file.Files.readString(temp.resolve("state").resolve(step.path()).resolve("tasks"));
        assertThat(tasks).isEqualTo(task.pid() + " " + startTime(task.pid()) + "\n");
        assertThat(step.processes()).containsExactly(task.pid());
    }

    @Test
    void aRecordedIdNowHeldByAnotherProcessIsNeitherListedNorSignalled() throws Exception {
        NoCgroupManager manager = manager();
        Cgroup job = manager.createJob(1000, 11, CgroupLimits.NONE);
        // A process of someone else that leads its own session, with a child in it: as if it had been given the
        // id of a job process that ended.
        Process other = new ProcessBuilder("/usr/bin/setsid", "/bin/sh", "-c", "sleep 300 & wait").start();
        started.add(other);
        long otherStart = startTime(other.pid());
        java.nio.file.Files.writeString(temp.resolve("state").resolve(job.path()).resolve("tasks"),
                other.pid() + " " + (otherStart - 1) + "\n");

        assertThat(job.processes()).isEmpty();
        assertThat(job.isEmpty()).isTrue();
        job.kill();
        Thread.sleep(200);
        assertThat(other.isAlive()).isTrue();
        assertThat(other.descendants().count()).isEqualTo(1);

        // The same process recorded with its own start time is the job's, with its session.
        Cgroup owner = manager.createJob(1000, 12, CgroupLimits.NONE);
        owner.addProcess(other.pid());
        assertThat(awaitCount(owner, 2)).hasSize(2).contains(other.pid());
        owner.kill();
        assertThat(owner.awaitEmpty(Duration.ofSeconds(10))).isTrue();
        assertThat(other.waitFor(10, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void signalsSkipAProcessWhoseIdWasGivenAgain() throws Exception {
        Process other = new ProcessBuilder("/bin/sleep", "300").start();
        started.add(other);
        long start = startTime(other.pid());
        assertThat(ProcessSignals.signalIfSame(Path.of("/proc"), other.pid(), start + 1, 9, "test")).isFalse();
        Thread.sleep(100);
        assertThat(other.isAlive()).isTrue();
        assertThat(ProcessSignals.signalIfSame(Path.of("/proc"), other.pid(), start, 9, "test")).isTrue();
        assertThat(other.waitFor(10, TimeUnit.SECONDS)).isTrue();
    }
}
