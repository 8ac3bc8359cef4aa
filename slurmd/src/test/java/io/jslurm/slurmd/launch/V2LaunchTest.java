package io.jslurm.slurmd.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jslurm.conf.cgroup.CgroupConfig;
import io.jslurm.conf.cgroup.CgroupPlugin;
import io.jslurm.slurmd.cgroup.Cgroup;
import io.jslurm.slurmd.cgroup.CgroupBase;
import io.jslurm.slurmd.cgroup.CgroupException;
import io.jslurm.slurmd.cgroup.CgroupLayout;
import io.jslurm.slurmd.cgroup.CgroupLimits;
import io.jslurm.slurmd.cgroup.CgroupManager;
import io.jslurm.slurmd.cgroup.CgroupVersion;
import io.jslurm.slurmd.cgroup.Cgroups;
import io.jslurm.slurmd.cgroup.MigrationWait;
import io.jslurm.slurmd.cgroup.StepName;
import io.jslurm.slurmd.hw.HostFiles;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Batch scripts and step tasks in a real cgroup v2 hierarchy (a hybrid host's /sys/fs/cgroup/unified, or a pure v2
 * host's /sys/fs/cgroup): their processes are created in their cgroups by clone3(CLONE_INTO_CGROUP), and where
 * clone3 fails the launchers fork (or stay) and join as before. Needs root, perl, setsid, setpriv and a writable
 * cgroup v2 hierarchy; skipped, saying why, where one is missing.
 */
class V2LaunchTest {
    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final Path HYBRID_UNIFIED = Path.of("/sys/fs/cgroup/unified");
    private static final AtomicLong JOB_IDS = new AtomicLong(950_000 + ProcessHandle.current().pid() % 10_000 * 10);

    @TempDir
    static Path root;
    private static LaunchHost host;
    private static TestUser user;
    private static Path spoolDir;
    private static Path workDir;
    private static CgroupManager cgroups;
    private final List<Cgroup> steps = new ArrayList<>();

    @BeforeAll
    static void openV2Hierarchy() throws IOException {
        LaunchHost.assumeLaunchable();
        assumeTrue(!MigrationWait.launchesMoveProcesses(CgroupVersion.V2,
                        Files.readString(Path.of("/proc/sys/kernel/osrelease")), TaskExec.knowsSystemCalls()),
                "creating a process in its cgroup needs Linux 5.7 and this architecture's system call numbers");
        Path mountpoint = Files.exists(HYBRID_UNIFIED.resolve("cgroup.procs")) ? HYBRID_UNIFIED
                : Path.of("/sys/fs/cgroup");
        CgroupConfig d = CgroupConfig.defaults();
        CgroupConfig v2 = new CgroupConfig(CgroupPlugin.V2, mountpoint, d.constrainCores(), d.constrainDevices(),
                d.constrainRamSpace(), d.constrainSwapSpace(), d.allowedRamSpacePercent(),
                d.allowedSwapSpacePercent(), d.maxRamPercent(), d.maxSwapPercent(), d.minRamSpaceMb(),
                d.memorySwappiness(), d.ignoreSystemd(), d.ignoreSystemdOnFailure());
        try {
            cgroups = Cgroups.open(v2, CgroupLayout.forNode("v2launch" + ProcessHandle.current().pid()),
                    HostFiles.real(), CgroupBase.HIERARCHY_ROOT);
        } catch (CgroupException e) {
            assumeTrue(false, "no writable cgroup v2 hierarchy at " + mountpoint + ": " + e.getMessage());
        }
        host = LaunchHost.create(root);
        user = host.user();
        spoolDir = host.spoolDir();
        workDir = host.workDir();
    }

    @AfterAll
    static void removeUser() throws IOException {
        if (host != null) {
            host.close();
        }
    }

    @Test
    void theScriptIsCreatedInItsCgroupWithoutAJoin() throws Exception {
        BlockingQueue<JobCompletion> completions = new LinkedBlockingQueue<>();
        JobRunner runner = new JobRunner(new RunnerConfig(spoolDir,
                new NodeContext(Path.of("/etc/slurm/slurm.conf"), false), Duration.ofSeconds(1)),
                cgroups, InstantSource.system(), host.scheduler(), completions::add);
        try {
            long jobId = JOB_IDS.incrementAndGet();
            // The first command reads where the script's shell is; the script then waits for the test to have read
            // the wrapper's account of how it got there (the spool goes with the job's end).
            Jobs jobs = host.job(jobId, """
                    cat /proc/self/cgroup
                    for i in $(seq 400); do [ -e go ] && break; sleep 0.05; done
                    id -u
                    """);
            runner.launch(jobs.build(), CgroupLimits.NONE);
            String batchPath = cgroups.findStep(jobId, StepName.BATCH).orElseThrow().path();

            assertThat(awaitEntry(jobId)).as("how the script entered its cgroup").isEqualTo("clone3");
            Files.writeString(workDir.resolve("go"), "");
            JobCompletion completion = completions.poll(WAIT.toSeconds(), TimeUnit.SECONDS);
            assertThat(completion).as("job completion").isNotNull();
            assertThat(completion.state()).isEqualTo(JobState.COMPLETED);
            List<String> lines = Files.readAllLines(workDir.resolve("slurm-" + jobId + ".out"));
            assertThat(lines).contains("0::/" + batchPath);
            assertThat(lines.get(lines.size() - 1)).as("the script's uid").isEqualTo(Integer.toString(user.uid));
        } finally {
            Files.deleteIfExists(workDir.resolve("go"));
            runner.shutdown();
        }
    }

    @Test
    void whereClone3FailsTheChildForksAndJoins() throws Exception {
        long jobId = JOB_IDS.incrementAndGet();
        Cgroup job = cgroups.createJob(0, jobId, CgroupLimits.NONE);
        Cgroup batch = cgroups.createStep(0, jobId, StepName.BATCH, CgroupLimits.NONE);
        Path jobDir = Files.createDirectory(root.resolve("wrapper" + jobId));
        try {
            Files.writeString(jobDir.resolve("environment"), "PATH=/usr/bin:/bin\0");
            Path out = jobDir.resolve("out");
            Path wrapper = SpoolScript.install(jobDir, "job_wrapper.pl");
            IdentitySyscalls calls = IdentitySyscalls.ofThisMachine().orElseThrow();
            List<String> command = new ArrayList<>(List.of(JobWrapper.PERL, wrapper.toString(), jobDir.toString(),
                    "0", "0", "", "/", "/dev/null", out.toString(), out.toString(), "0"));
            for (Path procs : batch.procsFiles().orElseThrow()) {
                command.addAll(List.of("--join", procs.toString()));
            }
            // No system call has this number: clone3 fails with ENOSYS, as on a kernel before 5.3 or where a
            // seccomp filter hides it.
            command.addAll(List.of("--clone3", "99999", "--setsid", Integer.toString(calls.setsid()), "--",
                    "/bin/cat", "/proc/self/cgroup"));
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String wrapperOutput = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(process.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS)).isTrue();
            assertThat(process.exitValue()).as(wrapperOutput).isZero();

            assertThat(Files.readString(jobDir.resolve("status")).trim()).isEqualTo("0 0");
            assertThat(Files.readAllLines(out)).contains("0::/" + batch.path());
            String[] pid = Files.readString(jobDir.resolve("pid")).trim().split(" ");
            assertThat(pid[2]).as("ENOSYS, then the join").isEqualTo("join:38");
        } finally {
            job.remove();
        }
    }

    @Test
    void aStepTaskIsCreatedInItsCgroupAndSlurmdsHandleEndsAsItDid() throws Exception {
        Cgroup step = stepCgroup();
        Process task = startTask(TaskExec.install(spoolDir).command(step, user.jobUser(), List.of(user.gid),
                List.of("/bin/sh", "-c", """
                        cat /proc/self/cgroup
                        echo "pid=$$ task_pid=$SLURM_TASK_PID"
                        id -u
                        read line; echo "stdin=$line"
                        echo to-stderr >&2
                        exit 3
                        """)));
        try (OutputStream in = task.getOutputStream()) {
            in.write("from srun\n".getBytes(StandardCharsets.UTF_8));
        }
        List<String> lines = outputLines(task);

        assertThat(lines).contains("0::/" + step.path(), Integer.toString(user.uid), "stdin=from srun");
        String pids = lines.stream().filter(line -> line.startsWith("pid=")).findFirst().orElseThrow();
        String shell = pids.substring(4, pids.indexOf(' '));
        assertThat(pids).isEqualTo("pid=" + shell + " task_pid=" + shell);
        // A joined task keeps the pid of the process slurmd started; a task created by clone3 has its own.
        assertThat(Long.parseLong(shell)).as("the task was created, not joined").isNotEqualTo(task.pid());
        assertThat(new String(task.getErrorStream().readAllBytes(), StandardCharsets.UTF_8))
                .isEqualTo("to-stderr\n");
        assertThat(task.exitValue()).isEqualTo(3);
    }

    @Test
    void killingTheStepsCgroupEndsSlurmdsHandleWithTheSignal() throws Exception {
        Cgroup step = stepCgroup();
        Process task = startTask(TaskExec.install(spoolDir).command(step, user.jobUser(), List.of(user.gid),
                List.of("/bin/sleep", "60")));
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (step.processes().isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(step.processes()).as("the task in its cgroup").hasSize(1).doesNotContain(task.pid());
        step.kill();
        assertThat(task.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS)).isTrue();
        assertThat(task.exitValue()).isEqualTo(128 + 9);
    }

    @Test
    void whereClone3FailsTheStepTaskJoinsAndKeepsThePid() throws Exception {
        Cgroup step = stepCgroup();
        Path launcher = SpoolScript.install(spoolDir, "task_exec.pl");
        List<String> command = new ArrayList<>(List.of(JobWrapper.PERL, launcher.toString()));
        for (Path procs : step.procsFiles().orElseThrow()) {
            command.addAll(List.of("--join", procs.toString()));
        }
        command.addAll(List.of("--clone3", "99999", "--", "/bin/sh", "-c",
                "cat /proc/self/cgroup; echo \"pid=$$ task_pid=$SLURM_TASK_PID\""));
        Process task = startTask(command);
        List<String> lines = outputLines(task);
        assertThat(task.exitValue()).isZero();
        assertThat(lines).contains("0::/" + step.path(), "pid=" + task.pid() + " task_pid=" + task.pid());
    }

    private Cgroup stepCgroup() {
        long jobId = JOB_IDS.incrementAndGet();
        cgroups.createJob(user.uid, jobId, CgroupLimits.NONE);
        Cgroup step = cgroups.createStep(user.uid, jobId, StepName.of(0), CgroupLimits.NONE);
        steps.add(step);
        return step;
    }

    @AfterEach
    void removeStepCgroups() throws InterruptedException {
        for (Cgroup step : steps) {
            awaitEmptyAndRemove(step);
        }
    }

    /** The task's standard output, once it has ended. */
    private static List<String> outputLines(Process task) throws IOException, InterruptedException {
        List<String> lines = new String(task.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        assertThat(task.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS)).as("task ended").isTrue();
        return lines;
    }

    private static Process startTask(List<String> command) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().clear();
        builder.environment().put("PATH", "/usr/bin:/bin");
        return builder.start();
    }

    /** Removes the step's job cgroup (and the step in it) once the task's processes are gone. */
    private static void awaitEmptyAndRemove(Cgroup step) throws InterruptedException {
        step.kill();
        step.awaitEmpty(WAIT);
        String jobPath = step.path().substring(0, step.path().lastIndexOf('/'));
        long jobId = Long.parseLong(jobPath.substring(jobPath.lastIndexOf("job_") + 4));
        cgroups.findJob(jobId).ifPresent(Cgroup::remove);
    }

    /** The third word of the job's spool {@code pid} file, once the wrapper wrote it. */
    private static String awaitEntry(long jobId) throws Exception {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (System.nanoTime() < deadline) {
            for (JobSpool spool : JobSpool.existing(spoolDir)) {
                if (spool.dir().getFileName().toString().equals(String.format("job%05d", jobId))) {
                    Optional<String> entry = spool.cgroupEntry();
                    if (entry.isPresent()) {
                        return entry.get();
                    }
                }
            }
            Thread.sleep(10);
        }
        throw new AssertionError("the wrapper wrote no pid file for job " + jobId);
    }
}
