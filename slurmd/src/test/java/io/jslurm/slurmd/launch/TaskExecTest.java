package io.jslurm.slurmd.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jslurm.conf.cgroup.CgroupConfig;
import io.jslurm.slurmd.cgroup.Cgroup;
import io.jslurm.slurmd.cgroup.CgroupBase;
import io.jslurm.slurmd.cgroup.CgroupException;
import io.jslurm.slurmd.cgroup.CgroupLayout;
import io.jslurm.slurmd.cgroup.CgroupLimits;
import io.jslurm.slurmd.cgroup.CgroupManager;
import io.jslurm.slurmd.cgroup.Cgroups;
import io.jslurm.slurmd.cgroup.StepName;
import io.jslurm.slurmd.hw.HostFiles;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A step's task started for real the way slurmd starts it, by the installed launcher and by the shell chain it
 * replaces: as a user made for the test, in a real step cgroup, with pipes for its standard streams. Needs root,
 * perl, setpriv and a writable cgroup hierarchy; skipped, saying why, where one is missing.
 */
class TaskExecTest {
    private static final AtomicLong JOB_IDS = new AtomicLong(800_000 + ProcessHandle.current().pid() % 10_000 * 10);

    @TempDir
    static Path spoolDir;
    private static TestUser user;
    private static CgroupManager cgroups;
    private static TaskExec installed;
    private final List<Cgroup> made = new ArrayList<>();

    @BeforeAll
    static void createUser() throws IOException {
        assumeTrue((Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid") == 0,
                "task launch tests need root: they create a user and cgroups");
        for (String tool : List.of(JobWrapper.PERL, JobWrapper.SETPRIV, "/usr/sbin/useradd")) {
            assumeTrue(Files.isExecutable(Path.of(tool)), "task launch tests need " + tool);
        }
        try {
            cgroups = Cgroups.open(CgroupConfig.defaults(),
                    CgroupLayout.forNode("tasktest" + ProcessHandle.current().pid()), HostFiles.real(),
                    CgroupBase.HIERARCHY_ROOT);
        } catch (CgroupException e) {
            assumeTrue(false, "task launch tests need a cgroup hierarchy: " + e.getMessage());
        }
        user = TestUser.create();
        installed = TaskExec.install(spoolDir);
    }

    @AfterAll
    static void removeUser() throws IOException {
        if (user != null) {
            user.close();
        }
    }

    @AfterEach
    void removeCgroups() throws InterruptedException {
        for (Cgroup cgroup : made) {
            cgroup.kill();
            cgroup.awaitEmpty(Duration.ofSeconds(5));
            cgroup.remove();
        }
    }

    static Stream<String> launchers() {
        return Stream.of("installed", "shell chain");
    }

    private static TaskExec launcher(String name) {
        return name.equals("installed") ? installed : TaskExec.shellChain();
    }

    private Cgroup stepCgroup() {
        long jobId = JOB_IDS.incrementAndGet();
        Cgroup job = cgroups.createJob(user.uid, jobId, CgroupLimits.NONE);
        made.add(job);
        return cgroups.createStep(user.uid, jobId, StepName.of(0), CgroupLimits.NONE);
    }

    private Process start(TaskExec exec, Cgroup cgroup, List<String> argv) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(exec.command(cgroup, user.jobUser(),
                List.of(user.gid, user.extraGid), argv));
        builder.environment().clear();
        builder.environment().putAll(Map.of("PATH", "/usr/bin:/bin", "SLURM_PROCID", "3"));
        return builder.start();
    }

    private static String output(Process process) throws Exception {
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(20, TimeUnit.SECONDS)).as("task ended").isTrue();
        return out;
    }

    @ParameterizedTest
    @MethodSource("launchers")
    void taskRunsAsTheUserWithOnlyTheirGroupsInTheStepCgroup(String name) throws Exception {
        Cgroup cgroup = stepCgroup();
        Process task = start(launcher(name), cgroup, List.of("/bin/sh", "-c", """
                grep -E '^(Uid|Gid|Groups):' /proc/self/status
                echo "pid=$$ task_pid=$SLURM_TASK_PID procid=$SLURM_PROCID"
                grep -c '/step_0' /proc/self/cgroup
                read line; echo "stdin=$line"
                echo to-stderr >&2
                """));
        try (OutputStream in = task.getOutputStream()) {
            in.write("from srun\n".getBytes(StandardCharsets.UTF_8));
        }
        List<String> lines = output(task).lines().toList();
        String uid = Integer.toString(user.uid);
        String gid = Integer.toString(user.gid);
        // Real, effective, saved and file-system ids: a saved id of 0 would let the task become root again.
        assertThat(lines.get(0).substring(4).trim().split("\\s+")).as("uids").containsOnly(uid);
        assertThat(lines.get(1).substring(4).trim().split("\\s+")).as("gids").containsOnly(gid);
        assertThat(lines.get(2).substring(7).trim().split("\\s+")).as("groups")
                .containsExactlyInAnyOrder(gid, Integer.toString(user.extraGid));
        // The process slurmd started is the task itself (its pid is what slurmd signals and waits for).
        assertThat(lines.get(3)).isEqualTo("pid=" + task.pid() + " task_pid=" + task.pid() + " procid=3");
        assertThat(Integer.parseInt(lines.get(4))).as("cgroup hierarchies holding the task").isPositive();
        assertThat(lines.get(5)).isEqualTo("stdin=from srun");
        assertThat(new String(task.getErrorStream().readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("to-stderr\n");
        assertThat(task.exitValue()).isZero();
    }

    @ParameterizedTest
    @MethodSource("launchers")
    void killingTheCgroupEndsTheTaskWithTheSignal(String name) throws Exception {
        Cgroup cgroup = stepCgroup();
        Process task = start(launcher(name), cgroup, List.of("/bin/sleep", "60"));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!cgroup.processes().contains(task.pid()) && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(cgroup.processes()).contains(task.pid());
        cgroup.kill();
        assertThat(task.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(task.exitValue()).isEqualTo(128 + 9);
    }

    @org.junit.jupiter.api.Test
    void aMissingProgramFailsWithSlurmstepdsMessageAndItsErrno() throws Exception {
        Process task = start(installed, stepCgroup(), List.of("no-such-program-here"));
        String err = new String(task.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(task.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(err).isEqualTo("slurmstepd: error: execve(): no-such-program-here: No such file or directory\n");
        assertThat(task.exitValue()).isEqualTo(2);
    }

    /**
     * How long from slurmd starting the process to the task's first instruction, and the CPU the chain's programs
     * use, both ways in turns of 50 (a figure for performance.md, not a timed assertion: the load decides more).
     */
    @org.junit.jupiter.api.Test
    void figureProcessStartToTaskRunning() throws Exception {
        Cgroup cgroup = stepCgroup();
        Map<String, List<Long>> micros = Map.of("installed", new ArrayList<>(), "shell chain", new ArrayList<>());
        Map<String, long[]> ticks = Map.of("installed", new long[1], "shell chain", new long[1]);
        for (int round = 0; round < 4; round++) {
            for (String name : List.of("installed", "shell chain")) {
                long cpuBefore = childCpuTicks();
                for (int i = 0; i < 50; i++) {
                    long started = System.nanoTime();
                    Process task = start(launcher(name), cgroup, List.of("/bin/echo", "up"));
                    assertThat(task.getInputStream().read()).isEqualTo('u');
                    long took = (System.nanoTime() - started) / 1_000;
                    assertThat(task.waitFor(10, TimeUnit.SECONDS)).isTrue();
                    if (round > 0) {
                        micros.get(name).add(took);
                    }
                }
                if (round > 0) {
                    ticks.get(name)[0] += childCpuTicks() - cpuBefore;
                }
            }
        }
        StringBuilder figure = new StringBuilder("FIGURE step task, process start -> task running, 150 each (us):");
        for (String name : List.of("installed", "shell chain")) {
            List<Long> sorted = micros.get(name).stream().sorted().toList();
            figure.append(' ').append(name).append(" min ").append(sorted.get(0)).append(" median ")
                    .append(sorted.get(sorted.size() / 2)).append(" CPU/launch ")
                    .append(ticks.get(name)[0] * 10_000 / sorted.size()).append(';');
        }
        System.out.println(figure + " load " + Files.readString(Path.of("/proc/loadavg")).split(" ")[0]);
    }

    /** User + system clock ticks (10 ms) of this JVM's waited-for children (fields 16 and 17 of /proc/self/stat). */
    private static long childCpuTicks() throws IOException {
        String stat = Files.readString(Path.of("/proc/self/stat"));
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(fields[13]) + Long.parseLong(fields[14]);
    }

    @org.junit.jupiter.api.Test
    void theInstalledLauncherIsOneProgramBeforeTheTask() {
        Cgroup cgroup = stepCgroup();
        List<String> command = installed.command(cgroup, user.jobUser(), List.of(user.gid), List.of("hostname"));
        assertThat(command.get(0)).isEqualTo(JobWrapper.PERL);
        assertThat(command).doesNotContain(JobWrapper.SETPRIV, "/bin/sh").endsWith("--", "hostname");
    }
}
