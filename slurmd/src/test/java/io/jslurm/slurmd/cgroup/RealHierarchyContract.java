package io.jslurm.slurmd.cgroup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What every hierarchy must do with real processes on this machine. Each test gets its own node
 * prefix, and whatever it leaves behind is killed and removed afterwards, pass or fail.
 */
abstract class RealHierarchyContract {
    static final int UID = 1000;
    static final int SIGTERM = 15;
    private static final Duration WAIT = Duration.ofSeconds(10);

    final CgroupLayout layout = CgroupLayout.forNode("test-" + HexFormat.of().toHexDigits(new Random().nextInt()));
    CgroupManager manager;
    private final List<Process> started = new ArrayList<>();

    @TempDir
    Path temp;

    /** Opens the hierarchy under test, or skips the test with the reason. */
    abstract CgroupManager open(CgroupLayout testLayout);

    @BeforeEach
    void openHierarchy() {
        manager = open(layout);
    }

    @AfterEach
    void cleanUp() throws Exception {
        started.forEach(Process::destroyForcibly);
        RealCgroupHost.purge(layout);
        assertThat(RealCgroupHost.prefixDirectories(layout)).as("cgroups left behind").isEmpty();
    }

    Process start(List<String> command) throws IOException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        started.add(process);
        return process;
    }

    /** Runs a command inside the cgroup and returns what it printed. */
    String runInside(Cgroup cgroup, String... command) throws Exception {
        Process process = start(cgroup.joinAndExec(List.of(command)));
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS)).as("finished").isTrue();
        return output;
    }

    Cgroup batchStep(long jobId) {
        manager.createJob(UID, jobId, CgroupLimits.NONE);
        return manager.createStep(UID, jobId, StepName.BATCH, CgroupLimits.NONE);
    }

    /** Whether this hierarchy limits the job's memory (a hybrid host's v2 leaves that to v1). */
    boolean limitsMemory(Cgroup job) {
        return true;
    }

    /** Perl holding a string of {@code mib} MiB, then printing its length: memory counted by the memory cgroup. */
    static List<String> memoryHog(int mib) {
        return List.of("perl", "-e", "my $x = 'x' x (" + mib + " * 1024 * 1024); print length($x), qq(\\n);");
    }

    @Test
    void aStepPastItsOwnMemoryLimitIsOomKilledAloneWhileTheJobGoesOn() throws Exception {
        long mib = 1024L * 1024L;
        Cgroup job = manager.createJob(UID, 55, CgroupLimits.NONE);
        assumeTrue(limitsMemory(job), "the memory controller is not in this hierarchy on this host");
        job.applyLimits(CgroupLimits.NONE.withMemory(new MemoryLimit(OptionalLong.of(512 * mib), OptionalLong.of(0))));
        Cgroup batch = manager.createStep(UID, 55, StepName.BATCH, CgroupLimits.NONE);
        Cgroup step = manager.createStep(UID, 55, StepName.of(0), CgroupLimits.NONE
                .withMemory(new MemoryLimit(OptionalLong.of(64 * mib), OptionalLong.of(0))));
        Process sleeper = start(batch.joinAndExec(List.of("sleep", "60")));

        Process hog = start(step.joinAndExec(memoryHog(200)));
        assertThat(hog.waitFor(60, TimeUnit.SECONDS)).isTrue();

        assertThat(hog.exitValue()).as("perl killed by SIGKILL").isEqualTo(128 + 9);
        assertThat(step.usage().oomKilled()).isTrue();
        assertThat(step.oomKilled()).as("the kill count read alone").isTrue();
        assertThat(batch.usage().oomKilled()).isFalse();
        assertThat(batch.oomKilled()).isFalse();
        assertThat(sleeper.isAlive()).as("the job's other step goes on").isTrue();
        assertThat(runInside(batch, memoryHog(200).toArray(String[]::new)))
                .as("the job's own limit still lets its other steps use more than that step's share")
                .isEqualTo((200 * mib) + "\n");
    }

    @Test
    void processMovedInIsListedThroughJobAndStep() throws Exception {
        Cgroup step = batchStep(41);
        Process sleep = start(List.of("sleep", "60"));

        step.addProcess(sleep.pid());

        assertThat(step.processes()).containsExactly(sleep.pid());
        assertThat(manager.findJob(41).orElseThrow().processes()).containsExactly(sleep.pid());
        assertThat(Files.readString(Path.of("/proc/" + sleep.pid() + "/cgroup")))
                .contains("/" + layout.step(UID, 41, StepName.BATCH) + "\n");
        assertThat(step.isEmpty()).isFalse();
    }

    @Test
    void joinedCommandRunsInsideFromItsStart() throws Exception {
        Cgroup step = batchStep(42);
        String output = runInside(step, "cat", "/proc/self/cgroup");
        assertThat(output).contains("/" + layout.step(UID, 42, StepName.BATCH) + "\n");
    }

    @Test
    void cpuTimeOfFinishedProcessesIsAccounted() throws Exception {
        Cgroup step = batchStep(43);
        runInside(step, "sh", "-c", "i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done");

        CgroupUsage usage = step.usage();
        assertThat(usage.userCpu()).isGreaterThan(Duration.ofMillis(50));
        assertThat(manager.findJob(43).orElseThrow().usage().totalCpu()).isGreaterThanOrEqualTo(usage.totalCpu());
    }

    @Test
    void doubleForkedProcessEscapesTheTreeButNotTheCgroup() throws Exception {
        Cgroup step = batchStep(44);
        String printed = runInside(step, "sh", "-c", "sh -c 'sleep 300 >/dev/null 2>&1 & echo $!'; exit 0");
        long orphan = Long.parseLong(printed.strip());
        ProcessHandle handle = ProcessHandle.of(orphan).orElseThrow();
        assertThat(handle.isAlive()).isTrue();
        assertThat(started.stream().flatMap(Process::descendants).map(ProcessHandle::pid)).doesNotContain(orphan);
        assertThat(step.processes()).containsExactly(orphan);

        manager.findJob(44).orElseThrow().kill();

        assertThat(step.awaitEmpty(WAIT)).isTrue();
        assertThat(handle.onExit().get(WAIT.toSeconds(), TimeUnit.SECONDS).isAlive()).isFalse();
    }

    @Test
    void signalReachesEveryProcessAndThawsAfter() throws Exception {
        Cgroup step = batchStep(45);
        String printed = runInside(step, "sh", "-c",
                "for i in 1 2 3; do sh -c 'sleep 300 >/dev/null 2>&1 & echo $!'; done");
        assertThat(step.processes()).hasSize(3);

        step.signal(SIGTERM);

        assertThat(step.awaitEmpty(WAIT)).isTrue();
        assertThat(step.isFrozen()).isFalse();
        assertThat(printed.lines()).hasSize(3);
    }

    @Test
    void freezeStopsTheProcessesAndThawLetsThemRun() throws Exception {
        Cgroup step = batchStep(46);
        start(step.joinAndExec(List.of("sh", "-c", "while :; do :; done")));
        Thread.sleep(200);

        step.freeze();
        assertThat(step.isFrozen()).isTrue();
        Duration frozenAt = step.usage().totalCpu();
        Thread.sleep(300);
        assertThat(step.usage().totalCpu()).as("CPU time while frozen").isEqualTo(frozenAt);

        step.thaw();
        assertThat(step.isFrozen()).isFalse();
        Thread.sleep(300);
        assertThat(step.usage().totalCpu()).as("CPU time after thaw").isGreaterThan(frozenAt);
    }

    @Test
    void aShellThatForksWithoutPauseIsFrozenEveryTime() throws Exception {
        Cgroup step = batchStep(58);
        // Debian's sh starts each command through vfork; a v1 freeze that catches the child before its exec
        // stayed FREEZING for good (about one freeze in 40 here).
        start(step.joinAndExec(List.of("sh", "-c", "while :; do /bin/true; done")));
        Thread.sleep(200);

        for (int i = 0; i < 80; i++) {
            step.freeze();
            assertThat(step.isFrozen()).as("frozen, round " + i).isTrue();
            step.thaw();
        }
    }

    @Test
    void killingASuspendedJobEndsIt() throws Exception {
        Cgroup step = batchStep(54);
        runInside(step, "sh", "-c", "sh -c 'sleep 300 >/dev/null 2>&1 &'");
        awaitProcesses(step, 1);
        Cgroup job = manager.findJob(54).orElseThrow();
        job.freeze();

        job.kill();

        assertThat(job.awaitEmpty(WAIT)).isTrue();
        assertThat(job.isFrozen()).isFalse();
    }

    @Test
    void restartedSlurmdFindsTheJobAndItsProcesses() throws Exception {
        Cgroup step = batchStep(47);
        manager.createStep(UID, 47, StepName.EXTERN, CgroupLimits.NONE);
        Process sleep = start(step.joinAndExec(List.of("sleep", "60")));
        awaitProcesses(step, 1);

        CgroupManager restarted = open(layout);

        assertThat(restarted.jobIds()).containsExactly(47L);
        assertThat(restarted.steps(47)).containsExactlyInAnyOrder(StepName.BATCH, StepName.EXTERN);
        Cgroup job = restarted.findJob(47).orElseThrow();
        assertThat(job.path()).isEqualTo(layout.job(UID, 47));
        assertThat(job.processes()).containsExactly(sleep.pid());
        assertThat(restarted.findStep(47, StepName.BATCH).orElseThrow().processes()).containsExactly(sleep.pid());
        assertThat(restarted.findStep(47, StepName.EXTERN).orElseThrow().isEmpty()).isTrue();
    }

    @Test
    void removalWaitsForEmptinessThenTakesEmptyParentsAlong() throws Exception {
        Cgroup step = batchStep(48);
        manager.createJob(UID, 49, CgroupLimits.NONE);
        start(step.joinAndExec(List.of("sleep", "60")));
        awaitProcesses(step, 1);
        Cgroup job = manager.findJob(48).orElseThrow();

        assertThatThrownBy(job::remove).isInstanceOf(CgroupException.class).hasMessageContaining("still holds");

        job.kill();
        assertThat(job.awaitEmpty(WAIT)).isTrue();
        job.remove();
        assertThat(manager.jobIds()).containsExactly(49L);
        manager.findJob(49).orElseThrow().remove();
        assertThat(manager.jobIds()).isEmpty();
        assertThat(RealCgroupHost.prefixDirectories(layout)).as("empty uid and prefix directories").isEmpty();
    }

    @Test
    void onlyTheJobsGpuOpensAmongTheNodes() throws Exception {
        List<Path> gpus = new ArrayList<>();
        for (int minor = 0; minor < 4; minor++) {
            gpus.add(mknod("nvidia" + minor, 195, minor));
        }
        Path control = mknod("nvidiactl", 195, 255);
        Path nullDevice = mknod("null", 1, 3);
        Path zeroDevice = mknod("zero", 1, 5);
        List<DeviceRule> denied = new ArrayList<>(DeviceRules.denyUnallocated(gpus, List.of(gpus.get(0))));
        denied.add(DeviceRule.of(zeroDevice));

        manager.createJob(UID, 50, CgroupLimits.NONE.withDeniedDevices(denied));
        Cgroup step = manager.createStep(UID, 50, StepName.BATCH, CgroupLimits.NONE);
        Map<String, String> opened = openEach(step, gpus.get(0), gpus.get(1), gpus.get(2), gpus.get(3), control,
                nullDevice, zeroDevice);

        String passedCgroupNoDriver = "No such device or address";
        String denial = "Operation not permitted";
        assertThat(opened).containsEntry("nvidia0", passedCgroupNoDriver)
                .containsEntry("nvidia1", denial).containsEntry("nvidia2", denial).containsEntry("nvidia3", denial)
                .containsEntry("nvidiactl", passedCgroupNoDriver)
                .containsEntry("null", "opened").containsEntry("zero", denial);
        assertThat(openEach(batchStep(51), gpus.get(3), zeroDevice))
                .as("another job without rules").containsEntry("nvidia3", passedCgroupNoDriver)
                .containsEntry("zero", "opened");
    }

    @Test
    void stepRulesAddToTheJobs() throws Exception {
        Path gpu0 = mknod("nvidia0", 195, 0);
        Path gpu1 = mknod("nvidia1", 195, 1);
        manager.createJob(UID, 52, CgroupLimits.NONE.withDeniedDevices(List.of(DeviceRule.of(gpu1))));
        Cgroup step = manager.createStep(UID, 52, StepName.of(0),
                CgroupLimits.NONE.withDeniedDevices(List.of(DeviceRule.of(gpu0))));

        assertThat(openEach(step, gpu0, gpu1)).containsEntry("nvidia0", "Operation not permitted")
                .containsEntry("nvidia1", "Operation not permitted");
    }

    @Test
    void settingRulesAgainAddsDenials() throws Exception {
        Path gpu0 = mknod("nvidia0", 195, 0);
        Path gpu1 = mknod("nvidia1", 195, 1);
        Cgroup step = batchStep(53);
        step.applyLimits(CgroupLimits.NONE.withDeniedDevices(List.of(DeviceRule.of(gpu0))));
        assertThat(openEach(step, gpu1)).containsEntry("nvidia1", "No such device or address");

        step.applyLimits(CgroupLimits.NONE.withDeniedDevices(List.of(DeviceRule.of(gpu1))));

        assertThat(openEach(step, gpu0, gpu1)).containsEntry("nvidia0", "Operation not permitted")
                .containsEntry("nvidia1", "Operation not permitted");
    }

    /** Opens each device from inside the cgroup: "opened", or the error open(2) gave. */
    Map<String, String> openEach(Cgroup cgroup, Path... devices) throws Exception {
        List<String> command = new ArrayList<>(List.of("sh", "-c",
                "for f in \"$@\"; do if head -c 0 \"$f\" 2>/dev/null; then echo \"$f:opened\"; "
                        + "else echo \"$f:$(head -c 0 \"$f\" 2>&1 | sed 's/.*: //')\"; fi; done", "sh"));
        for (Path device : devices) {
            command.add(device.toString());
        }
        Map<String, String> results = new LinkedHashMap<>();
        for (String line : runInside(cgroup, command.toArray(String[]::new)).strip().split("\n")) {
            int colon = line.lastIndexOf(':');
            results.put(Path.of(line.substring(0, colon)).getFileName().toString(), line.substring(colon + 1));
        }
        return results;
    }

    Path mknod(String name, int major, int minor) throws Exception {
        Path node = temp.resolve(name);
        Process mknod = new ProcessBuilder("mknod", node.toString(), "c", Integer.toString(major),
                Integer.toString(minor)).redirectErrorStream(true).start();
        assertThat(mknod.waitFor()).as(new String(mknod.getInputStream().readAllBytes())).isZero();
        return node;
    }

    static void awaitProcesses(Cgroup cgroup, int count) throws InterruptedException {
        for (int i = 0; i < 500 && cgroup.processes().size() < count; i++) {
            Thread.sleep(10);
        }
        assertThat(cgroup.processes()).hasSize(count);
    }
}
