package io.jslurm.slurmd.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jslurm.common.signal.Signal;
import io.jslurm.common.signal.SignalSpec;
import io.jslurm.common.time.TimeLimit;
import io.jslurm.conf.cgroup.CgroupConfig;
import io.jslurm.slurmd.cgroup.CgroupBase;
import io.jslurm.slurmd.cgroup.CgroupException;
import io.jslurm.slurmd.cgroup.CgroupLayout;
import io.jslurm.slurmd.cgroup.CgroupLimits;
import io.jslurm.slurmd.cgroup.CgroupManager;
import io.jslurm.slurmd.cgroup.Cgroups;
import io.jslurm.slurmd.cgroup.MemoryLimit;
import io.jslurm.slurmd.hw.HostFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import io.jslurm.slurmd.prolog.HookSettings;
import org.junit.jupiter.api.io.TempDir;

/**
 * Batch scripts run for real: as a user made for the test, in a real cgroup, with real signals
 * and a time limit of seconds. Needs root (useradd, cgroupfs, setpriv), perl and util-linux's
 * setpriv and setsid, and a writable cgroup hierarchy; skipped, saying why, where one is missing.
 */
class JobRunnerTest {
    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final AtomicLong JOB_IDS = new AtomicLong(900_000 + ProcessHandle.current().pid() % 10_000 * 10);

    @TempDir
    static Path root;
    private static TestUser user;
    private static Path spoolDir;
    private static Path workDir;
    private static CgroupManager cgroups;
    private static ScheduledExecutorService scheduler;

    private final BlockingQueue<JobCompletion> completions = new LinkedBlockingQueue<>();
    private JobRunner runner;

    @BeforeAll
    static void createUserAndDirectories() throws IOException {
        LaunchHost.assumeLaunchable();
        CgroupLayout layout = CgroupLayout.forNode("launchtest" + ProcessHandle.current().pid());
        try {
            cgroups = Cgroups.open(CgroupConfig.defaults(), layout, HostFiles.real(), CgroupBase.HIERARCHY_ROOT);
        } catch (CgroupException e) {
            assumeTrue(false, "job launch tests need a cgroup hierarchy: " + e.getMessage());
        }
        user = TestUser.create();
        Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxr-xr-x"));
        spoolDir = Files.createDirectory(root.resolve("spool"));
        workDir = Files.createDirectory(root.resolve("work"));
        Files.setAttribute(workDir, "unix:uid", user.uid);
        Files.setAttribute(workDir, "unix:gid", user.gid);
        scheduler = Executors.newScheduledThreadPool(2);
    }

    @AfterAll
    static void removeUser() throws IOException {
        if (scheduler != null) {
            scheduler.shutdownNow();
        }
        if (user != null) {
            user.close();
        }
    }

    @BeforeEach
    void startRunner() throws IOException {
        runner = newRunner(Duration.ofSeconds(1));
    }

    @AfterEach
    void noJobLeftBehind() throws InterruptedException {
        for (long jobId : runner.jobIds()) {
            runner.cancel(jobId);
        }
        // A failed test may leave a job; its end must not be taken for the next test's.
        while (completions.poll(runner.jobIds().isEmpty() ? 0 : 5, TimeUnit.SECONDS) != null) {
            continue;
        }
        // A job's spool and cgroup go after its end was handed on: the next test's reattach() must not find them.
        runner.shutdown();
    }

    private JobRunner newRunner(Duration killWait) throws IOException {
        return newRunner(killWait, InstantSource.system());
    }

    private JobRunner newRunner(Duration killWait, InstantSource clock) throws IOException {
        RunnerConfig config = new RunnerConfig(spoolDir, new NodeContext(Path.of("/etc/slurm/slurm.conf"), false), killWait);
        return new JobRunner(config, cgroups, clock, scheduler, completions::add);
    }

    /** The system clock moved on by {@code shift}: a long suspension without waiting for it. */
    private static final class ShiftedClock implements InstantSource {
        private volatile Duration shift;

        ShiftedClock(Duration shift) {
            this.shift = shift;
        }

        void shift(Duration newShift) {
            this.shift = newShift;
        }

        @Override
        public Instant instant() {
            return Instant.now().plus(shift);
        }
    }

    private Jobs job(String script) {
        return Jobs.bashOnNode01(JOB_IDS.incrementAndGet(), user.jobUser(), workDir,
                Map.of("PATH", "/usr/bin:/bin", "EXPORTED_BY_USER", "kept"), script);
    }

    private JobCompletion run(Jobs jobs) throws Exception {
        runner.launch(jobs.build(), CgroupLimits.NONE);
        return awaitCompletion();
    }

    private JobCompletion awaitCompletion() throws InterruptedException {
        JobCompletion completion = completions.poll(WAIT.toSeconds(), TimeUnit.SECONDS);
        assertThat(completion).as("job completion").isNotNull();
        return completion;
    }

    private static String read(Path file) throws IOException {
        return Files.readString(file, StandardCharsets.UTF_8);
    }

    private static int owner(Path file) throws IOException {
        return (Integer) Files.getAttribute(file, "unix:uid");
    }

    @Test
    void scriptRunsAsTheUserWithTheirGroupsInTheWorkDirectory() throws Exception {
        Jobs jobs = job("""
                id -u; id -g; id -G
                pwd
                echo "sid=$(awk '{print $6}' /proc/$$/stat) pid=$$"
                grep -c "job_$SLURM_JOB_ID/step_batch" /proc/self/cgroup
                echo "$1 $2"
                echo to-stderr >&2
                grep '^Uid:' /proc/$$/status
                """);
        jobs.argv = List.of("first", "second arg");
        jobs.stdio = new StdioSpec(Optional.empty(), Optional.of("out-%j.txt"), Optional.empty(), OpenMode.TRUNCATE);
        JobCompletion completion = run(jobs);

        assertThat(completion.state()).isEqualTo(JobState.COMPLETED);
        assertThat(completion.exit()).hasToString("0:0");
        Path out = workDir.resolve("out-" + jobs.jobId + ".txt");
        assertThat(owner(out)).isEqualTo(user.uid);
        List<String> lines = read(out).lines().toList();
        assertThat(lines.get(0)).isEqualTo(Integer.toString(user.uid));
        assertThat(lines.get(1)).isEqualTo(Integer.toString(user.gid));
        assertThat(lines.get(2).split(" ")).containsExactlyInAnyOrder(Integer.toString(user.gid),
                Integer.toString(user.extraGid));
        assertThat(lines.get(3)).isEqualTo(workDir.toString());
        String[] session = lines.get(4).split(" ");
        assertThat(session[0].substring(4)).as("own session").isEqualTo(session[1].substring(4));
        assertThat(Integer.parseInt(lines.get(5))).as("cgroup hierarchies holding the script").isPositive();
        assertThat(lines.get(6)).isEqualTo("first second arg");
        assertThat(lines.get(7)).isEqualTo("to-stderr");
        // Real, effective, saved and file-system uid: a saved uid of 0 would let the script become root again.
        assertThat(lines.get(8).substring(4).trim().split("\\s+")).as("uids").containsOnly(Integer.toString(user.uid));
        assertThat(completion.usage()).isPresent();
        assertThat(runner.status(jobs.jobId)).isEmpty();
    }

    @Test
    void scriptSeesTheJobEnvironment() throws Exception {
        Jobs jobs = job("env\n");
        JobCompletion completion = run(jobs);
        assertThat(completion.state()).isEqualTo(JobState.COMPLETED);
        Map<String, String> env = read(workDir.resolve("slurm-" + jobs.jobId + ".out")).lines()
                .filter(line -> line.contains("="))
                .collect(Collectors.toMap(l -> l.substring(0, l.indexOf('=')), l -> l.substring(l.indexOf('=') + 1),
                        (a, b) -> b));
        assertThat(env).containsEntry("SLURM_JOB_ID", Long.toString(jobs.jobId))
                .containsEntry("SLURM_JOB_USER", user.name)
                .containsEntry("SLURM_JOB_UID", Integer.toString(user.uid))
                .containsEntry("SLURM_JOB_GROUP", user.name)
                .containsEntry("SLURMD_NODENAME", "node01")
                .containsEntry("ENVIRONMENT", "BATCH")
                .containsEntry("EXPORTED_BY_USER", "kept")
                .containsKey("SLURM_TASK_PID");
    }

    @Test
    void exitCodeAndSignalAreReportedApart() throws Exception {
        JobCompletion exited = run(job("exit 3\n"));
        assertThat(exited.state()).isEqualTo(JobState.FAILED);
        assertThat(exited.exit()).hasToString("3:0");

        JobCompletion exited137 = run(job("exit 137\n"));
        assertThat(exited137.exit()).hasToString("137:0");

        JobCompletion killed = run(job("kill -9 $$\n"));
        assertThat(killed.state()).isEqualTo(JobState.FAILED);
        assertThat(killed.exit()).hasToString("0:9");
    }

    @Test
    void timeLimitSendsTheWarningSignalFirstThenEndsWithTimeout() throws Exception {
        Jobs jobs = job("""
                trap 'echo checkpoint saved > checkpoint-$SLURM_JOB_ID' USR1
                trap 'echo terminated >> checkpoint-$SLURM_JOB_ID; exit 143' TERM
                while true; do sleep 0.1; done
                """);
        jobs.timeLimit = TimeLimit.ofSeconds(2);
        jobs.signal = Optional.of(SignalSpec.parse("SIGUSR1@1"));
        long started = System.nanoTime();
        JobCompletion completion = run(jobs);
        long elapsedMs = (System.nanoTime() - started) / 1_000_000;

        assertThat(completion.state()).isEqualTo(JobState.TIMEOUT);
        assertThat(read(workDir.resolve("checkpoint-" + jobs.jobId)).lines())
                .containsExactly("checkpoint saved", "terminated");
        assertThat(elapsedMs).isBetween(1_800L, 6_000L);
    }

    private long lines(Path file) throws IOException {
        return Files.exists(file) ? Files.readAllLines(file).size() : 0;
    }

    private void awaitMoreLines(Path file, long than) throws Exception {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (lines(file) <= than + 2) {
            assertThat(System.nanoTime()).as(file + " grows").isLessThan(deadline);
            Thread.sleep(100);
        }
    }

    @Test
    void suspendFreezesEveryProcessAndResumeLetsThemGoOn() throws Exception {
        Jobs jobs = job("(while true; do date +%s%N >> child-$SLURM_JOB_ID; sleep 0.1; done) &\n"
                + "while true; do date +%s%N >> ticks-$SLURM_JOB_ID; sleep 0.1; done\n");
        Path ticks = workDir.resolve("ticks-" + jobs.jobId);
        Path child = workDir.resolve("child-" + jobs.jobId);
        runner.launch(jobs.build(), CgroupLimits.NONE);
        awaitMoreLines(ticks, 0);
        awaitMoreLines(child, 0);

        runner.suspend(jobs.jobId);
        Thread.sleep(300);
        long frozenTicks = lines(ticks);
        long frozenChild = lines(child);
        Thread.sleep(1500);
        assertThat(lines(ticks)).as("the script while suspended").isEqualTo(frozenTicks);
        assertThat(lines(child)).as("its child while suspended").isEqualTo(frozenChild);
        assertThat(completions.poll()).as("a suspended job has not ended").isNull();

        runner.resume(jobs.jobId);
        awaitMoreLines(ticks, frozenTicks);
        awaitMoreLines(child, frozenChild);
        runner.cancel(jobs.jobId);
        assertThat(awaitCompletion().state()).isEqualTo(JobState.CANCELLED);
    }

    @Test
    void timeSuspendedDoesNotCountAgainstTheTimeLimit() throws Exception {
        Jobs jobs = job("while true; do sleep 0.1; done\n");
        jobs.timeLimit = TimeLimit.ofSeconds(3);
        long started = System.nanoTime();
        runner.launch(jobs.build(), CgroupLimits.NONE);
        Thread.sleep(500);
        runner.suspend(jobs.jobId);
        assertThat(completions.poll(4, TimeUnit.SECONDS)).as("no time limit while suspended").isNull();
        runner.resume(jobs.jobId);

        JobCompletion completion = awaitCompletion();
        long elapsedMs = (System.nanoTime() - started) / 1_000_000;
        assertThat(completion.state()).isEqualTo(JobState.TIMEOUT);
        assertThat(elapsedMs).as("3 s running plus 4 s suspended").isBetween(6_800L, 12_000L);
    }

    @Test
    void aSuspendedJobCanBeCancelled() throws Exception {
        Jobs jobs = job("trap 'exit 143' TERM\nwhile true; do sleep 0.1; done\n");
        runner.launch(jobs.build(), CgroupLimits.NONE);
        Thread.sleep(500);
        runner.suspend(jobs.jobId);
        long started = System.nanoTime();
        runner.cancel(jobs.jobId);
        JobCompletion completion = awaitCompletion();
        assertThat(completion.state()).isEqualTo(JobState.CANCELLED);
        assertThat((System.nanoTime() - started) / 1_000_000).as("SIGTERM reaches the thawed script")
                .isLessThan(900L);
    }

    @Test
    void sigkillFollowsKillWaitWhenSigtermIsIgnored() throws Exception {
        Jobs jobs = job("trap '' TERM\nwhile true; do sleep 0.1; done\n");
        jobs.timeLimit = TimeLimit.ofSeconds(1);
        JobCompletion completion = run(jobs);
        assertThat(completion.state()).isEqualTo(JobState.TIMEOUT);
        assertThat(completion.exit()).hasToString("0:9");
    }

    @Test
    void cancelKillsADoubleForkedGrandchild() throws Exception {
        Jobs jobs = job("""
                ( setsid sleep 300 </dev/null >/dev/null 2>&1 & echo $! > grandchild-$SLURM_JOB_ID )
                sleep 300
                """);
        runner.launch(jobs.build(), CgroupLimits.NONE);
        Path pidFile = workDir.resolve("grandchild-" + jobs.jobId);
        awaitUntil(() -> Files.exists(pidFile) && !read(pidFile).isBlank());
        long grandchild = Long.parseLong(read(pidFile).trim());
        assertThat(ProcessHandle.of(grandchild)).isPresent();
        assertThat(runner.status(jobs.jobId)).contains(JobState.RUNNING);

        runner.cancel(jobs.jobId);
        JobCompletion completion = awaitCompletion();

        assertThat(completion.state()).isEqualTo(JobState.CANCELLED);
        assertThat(completion.exit()).hasToString("0:15");
        assertThat(isRunning(grandchild)).as("grandchild %d still running", grandchild).isFalse();
    }

    @Test
    void signalWithoutEndingTheJob() throws Exception {
        Jobs jobs = job("""
                trap 'echo got USR2 >> signals-$SLURM_JOB_ID; exit 0' USR2
                touch ready-$SLURM_JOB_ID
                while true; do sleep 0.1; done
                """);
        runner.launch(jobs.build(), CgroupLimits.NONE);
        awaitUntil(() -> Files.exists(workDir.resolve("ready-" + jobs.jobId)));
        runner.signal(jobs.jobId, Signal.USR2, false);
        JobCompletion completion = awaitCompletion();
        assertThat(completion.state()).isEqualTo(JobState.COMPLETED);
        assertThat(read(workDir.resolve("signals-" + jobs.jobId))).isEqualTo("got USR2\n");
    }

    @Test
    void reattachedRunnerReportsAJobThatEndsAfterTheRestart() throws Exception {
        Jobs jobs = job("sleep 1.5\nexit 7\n");
        runner.launch(jobs.build(), CgroupLimits.NONE);
        runner.shutdown();

        JobRunner restarted = newRunner(Duration.ofSeconds(1));
        assertThat(restarted.reattach()).containsExactly(jobs.jobId);
        assertThat(restarted.status(jobs.jobId)).contains(JobState.RUNNING);
        JobCompletion completion = awaitCompletion();

        assertThat(completion.jobId()).isEqualTo(jobs.jobId);
        assertThat(completion.state()).isEqualTo(JobState.FAILED);
        assertThat(completion.exit()).hasToString("7:0");
        awaitUntil(() -> cgroups.findJob(jobs.jobId).isEmpty());
        assertThat(completions).isEmpty();
    }

    @Test
    void theEndIsHandedOnWithUsageBeforeTheCgroupGoes() throws Exception {
        Jobs jobs = job("head -c 20000000 /dev/zero | md5sum > /dev/null\n");
        List<Boolean> cgroupAtHandOver = new CopyOnWriteArrayList<>();
        BlockingQueue<JobCompletion> ends = new LinkedBlockingQueue<>();
        JobRunner watching = new JobRunner(new RunnerConfig(spoolDir, new NodeContext(Path.of("/etc/slurm/slurm.conf"),
                false), Duration.ofSeconds(1)), cgroups, InstantSource.system(), scheduler, completion -> {
                    cgroupAtHandOver.add(cgroups.findJob(completion.jobId()).isPresent());
                    ends.add(completion);
                });
        watching.launch(jobs.build(), CgroupLimits.NONE);

        JobCompletion completion = ends.poll(WAIT.toSeconds(), TimeUnit.SECONDS);
        assertThat(completion).as("job completion").isNotNull();
        assertThat(completion.state()).isEqualTo(JobState.COMPLETED);
        assertThat(completion.usage()).as("usage read before the cgroup went").isPresent();
        assertThat(completion.usage().get().userCpu().plus(completion.usage().get().systemCpu()))
                .as("CPU time of the script's processes").isPositive();
        assertThat(cgroupAtHandOver).as("the job's cgroup still there when its end is handed on").containsExactly(true);
        awaitUntil(() -> cgroups.findJob(jobs.jobId).isEmpty() && !Files.exists(spool(jobs.jobId)));
    }

    @Test
    void aRelaunchOfTheSameIdWaitsForThePreviousRunsCleanup() throws Exception {
        Jobs first = job("exit 0\n");
        CountDownLatch handedOn = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        BlockingQueue<JobCompletion> ends = new LinkedBlockingQueue<>();
        JobRunner holding = new JobRunner(new RunnerConfig(spoolDir, new NodeContext(Path.of("/etc/slurm/slurm.conf"),
                false), Duration.ofSeconds(1)), cgroups, InstantSource.system(), scheduler, completion -> {
                    ends.add(completion);
                    if (handedOn.getCount() > 0) {
                        handedOn.countDown();
                        try {
                            release.await();
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                });
        holding.launch(first.build(), CgroupLimits.NONE);
        assertThat(handedOn.await(WAIT.toSeconds(), TimeUnit.SECONDS)).as("first run's end handed on").isTrue();
        assertThat(holding.status(first.jobId)).as("the ended run no longer counts as running").isEmpty();

        Jobs again = job("echo second run > second-$SLURM_JOB_ID\n");
        again.jobId = first.jobId;
        ExecutorService launcher = Executors.newSingleThreadExecutor();
        try {
            Future<?> relaunch = launcher.submit(() -> {
                holding.launch(again.build(), CgroupLimits.NONE);
                return null;
            });
            Thread.sleep(300);
            assertThat(relaunch).as("the relaunch waits for the first run's cleanup").isNotDone();
            release.countDown();
            relaunch.get(WAIT.toSeconds(), TimeUnit.SECONDS);
        } finally {
            release.countDown();
            launcher.shutdownNow();
        }
        assertThat(ends.poll(WAIT.toSeconds(), TimeUnit.SECONDS)).as("first run's end").isNotNull();
        JobCompletion second = ends.poll(WAIT.toSeconds(), TimeUnit.SECONDS);
        assertThat(second).as("second run's end").isNotNull();
        assertThat(second.state()).isEqualTo(JobState.COMPLETED);
        assertThat(read(workDir.resolve("second-" + first.jobId))).isEqualTo("second run\n");
        awaitUntil(() -> cgroups.findJob(first.jobId).isEmpty() && !Files.exists(spool(first.jobId)));
    }

    /** A TaskEpilog in the work directory that records which job it ran after, as whom, with what variables. */
    private Path taskEpilogRecorder() throws IOException {
        Path program = workDir.resolve("task-epilog.sh");
        Files.writeString(program, "#!/bin/sh\necho \"$SLURM_JOB_ID $(id -u) $EXPORTED_BY_USER $PWD\" >> "
                + workDir.resolve("task-epilog-ran") + "\n");
        Files.setPosixFilePermissions(program, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.deleteIfExists(workDir.resolve("task-epilog-ran"));
        return program;
    }

    private static HookSettings taskEpilogOnly(Path program) {
        return new HookSettings(Optional.empty(), Optional.empty(), Optional.empty(), Optional.of(program),
                Duration.ofSeconds(30));
    }

    @Test
    void reattachedJobGetsItsTaskEpilogWhenItEnds() throws Exception {
        Path program = taskEpilogRecorder();
        Jobs jobs = job("sleep 1.5\n");
        runner.taskScripts(taskEpilogOnly(program));
        runner.launch(jobs.build(), CgroupLimits.NONE);
        runner.shutdown();

        JobRunner restarted = newRunner(Duration.ofSeconds(1));
        restarted.taskScripts(taskEpilogOnly(program));
        Map<Long, Map<String, String>> heard = new java.util.concurrent.ConcurrentHashMap<>();
        assertThat(restarted.reattach(heard::put)).containsExactly(jobs.jobId);
        assertThat(heard.get(jobs.jobId)).containsEntry("SLURM_JOB_ID", Long.toString(jobs.jobId))
                .containsEntry("SLURM_JOB_USER", user.name);
        JobCompletion completion = awaitCompletion();
        assertThat(completion.state()).isEqualTo(JobState.COMPLETED);
        assertThat(read(workDir.resolve("task-epilog-ran")))
                .isEqualTo(jobs.jobId + " " + user.uid + " kept " + workDir + "\n");
    }

    @Test
    void aJobThatEndedWhileSlurmdWasDownGetsItsTaskEpilogOnReattach() throws Exception {
        Path program = taskEpilogRecorder();
        Jobs jobs = job("exit 3\n");
        runner.launch(jobs.build(), CgroupLimits.NONE);
        runner.shutdown();
        awaitUntil(() -> Files.exists(spool(jobs.jobId).resolve("status")));

        JobRunner restarted = newRunner(Duration.ofSeconds(1));
        restarted.taskScripts(taskEpilogOnly(program));
        restarted.reattach();
        assertThat(awaitCompletion().exit()).hasToString("3:0");
        assertThat(read(workDir.resolve("task-epilog-ran"))).startsWith(jobs.jobId + " " + user.uid + " ");
    }

    @Test
    void reattachedRunnerKeepsTheTimeLimit() throws Exception {
        Jobs jobs = job("while true; do sleep 0.1; done\n");
        jobs.timeLimit = TimeLimit.ofSeconds(2);
        runner.launch(jobs.build(), CgroupLimits.NONE);
        runner.shutdown();
        Thread.sleep(300);

        JobRunner restarted = newRunner(Duration.ofSeconds(1));
        restarted.reattach();
        JobCompletion completion = awaitCompletion();
        assertThat(completion.state()).isEqualTo(JobState.TIMEOUT);
    }

    @Test
    void aJobSuspendedWhenSlurmdStoppedStaysFrozenAfterTheRestartAndKeepsTheRestOfItsTime() throws Exception {
        Jobs jobs = job("while true; do date +%s%N >> ticks-$SLURM_JOB_ID; sleep 0.1; done\n");
        jobs.timeLimit = TimeLimit.ofSeconds(5);
        Path ticks = workDir.resolve("ticks-" + jobs.jobId);
        runner.launch(jobs.build(), CgroupLimits.NONE);
        awaitMoreLines(ticks, 0);
        runner.suspend(jobs.jobId);
        long ranMs = Duration.between(jobs.startTime, Instant.now()).toMillis();
        runner.shutdown();

        // Restarted an hour later by its clock: had it forgotten the suspension, the limit would be long past.
        JobRunner restarted = newRunner(Duration.ofSeconds(1), new ShiftedClock(Duration.ofHours(1)));
        runner = restarted;
        assertThat(restarted.reattach()).containsExactly(jobs.jobId);
        long frozen = lines(ticks);
        assertThat(completions.poll(2, TimeUnit.SECONDS)).as("no time limit while suspended").isNull();
        assertThat(lines(ticks)).as("still frozen after the restart").isEqualTo(frozen);

        long resumed = System.nanoTime();
        restarted.resume(jobs.jobId);
        awaitMoreLines(ticks, frozen);
        JobCompletion completion = awaitCompletion();
        long afterResumeMs = (System.nanoTime() - resumed) / 1_000_000;
        assertThat(completion.state()).isEqualTo(JobState.TIMEOUT);
        assertThat(afterResumeMs).as("what was left of 5 s after %d ms running", ranMs)
                .isGreaterThanOrEqualTo(Math.max(0, 5_000 - ranMs - 500));
    }

    @Test
    void timeSuspendedBeforeARestartStillPushesTheLimitOut() throws Exception {
        Jobs jobs = job("while true; do sleep 0.1; done\n");
        jobs.timeLimit = TimeLimit.ofSeconds(3);
        ShiftedClock clock = new ShiftedClock(Duration.ZERO);
        JobRunner first = newRunner(Duration.ofSeconds(1), clock);
        first.launch(jobs.build(), CgroupLimits.NONE);
        first.suspend(jobs.jobId);
        clock.shift(Duration.ofHours(1));
        first.resume(jobs.jobId);
        first.shutdown();
        assertThat(completions.poll(500, TimeUnit.MILLISECONDS)).as("an hour suspended, 3 s to go").isNull();

        JobRunner restarted = newRunner(Duration.ofSeconds(1), new ShiftedClock(Duration.ofHours(1)));
        runner = restarted;
        assertThat(restarted.reattach()).containsExactly(jobs.jobId);
        assertThat(completions.poll(1, TimeUnit.SECONDS)).as("the hour suspended still counts after the restart")
                .isNull();
        assertThat(awaitCompletion().state()).isEqualTo(JobState.TIMEOUT);
    }

    @Test
    void openModeAppendKeepsWhatTheFileHeld() throws Exception {
        Jobs appending = job("echo second\n");
        Path out = workDir.resolve("append-" + appending.jobId + ".out");
        Files.writeString(out, "first\n");
        giveToUser(out);
        appending.stdio = new StdioSpec(Optional.empty(), Optional.of("append-%j.out"), Optional.empty(), OpenMode.APPEND);
        assertThat(run(appending).state()).isEqualTo(JobState.COMPLETED);
        assertThat(read(out)).isEqualTo("first\nsecond\n");

        Jobs truncating = job("echo only\n");
        Path out2 = workDir.resolve("trunc-" + truncating.jobId + ".out");
        Files.writeString(out2, "old content\n");
        giveToUser(out2);
        truncating.stdio = new StdioSpec(Optional.empty(), Optional.of("trunc-%j.out"), Optional.empty(), OpenMode.TRUNCATE);
        run(truncating);
        assertThat(read(out2)).isEqualTo("only\n");
    }

    @Test
    void inputAndSeparateErrorFiles() throws Exception {
        Jobs jobs = job("cat\necho oops >&2\n");
        Path in = workDir.resolve("input-" + jobs.jobId);
        Files.writeString(in, "from stdin\n");
        jobs.stdio = new StdioSpec(Optional.of("input-%j"), Optional.of("o-%j"), Optional.of("e-%j"), OpenMode.TRUNCATE);
        JobCompletion completion = run(jobs);
        assertThat(completion.launchError()).isEmpty();
        assertThat(read(workDir.resolve("o-" + jobs.jobId))).isEqualTo("from stdin\n");
        assertThat(read(workDir.resolve("e-" + jobs.jobId))).isEqualTo("oops\n");
        assertThat(owner(workDir.resolve("e-" + jobs.jobId))).isEqualTo(user.uid);
    }

    @Test
    void aWorkDirectoryThatCannotBeEnteredFallsBackToTmp() throws Exception {
        Jobs jobs = job("pwd\n");
        jobs.workDir = root.resolve("missing");
        JobCompletion completion = run(jobs);
        Path out = Path.of("/tmp/slurm-" + jobs.jobId + ".out");
        try {
            assertThat(completion.state()).isEqualTo(JobState.COMPLETED);
            assertThat(read(out)).isEqualTo("slurmstepd: error: couldn't chdir to `" + jobs.workDir
                    + "': No such file or directory: going to /tmp instead\n/tmp\n");
        } finally {
            Files.deleteIfExists(out);
        }
    }

    @Test
    void outputTheUserCannotWriteFailsTheLaunch() throws Exception {
        Jobs jobs = job("echo never\n");
        jobs.stdio = new StdioSpec(Optional.empty(), Optional.of(spoolDir.resolve("forbidden-%j.out").toString()),
                Optional.empty(), OpenMode.TRUNCATE);
        JobCompletion completion = run(jobs);
        assertThat(completion.state()).isEqualTo(JobState.FAILED);
        assertThat(completion.launchError()).hasValueSatisfying(error -> assertThat(error)
                .startsWith("cannot open output file " + spoolDir.resolve("forbidden-" + jobs.jobId + ".out")));
        assertThat(spoolDir.resolve("forbidden-" + jobs.jobId + ".out")).doesNotExist();
    }

    @Test
    void spoolHoldsTheScriptAsTheUsersOwnWhileItRuns() throws Exception {
        Jobs jobs = job("sleep 0.5\n");
        runner.launch(jobs.build(), CgroupLimits.NONE);
        Path script = spool(jobs.jobId).resolve("slurm_script");
        assertThat(owner(script)).isEqualTo(user.uid);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(script))).isEqualTo("rwx------");
        assertThat(read(script)).isEqualTo(jobs.script);
        awaitCompletion();
        awaitUntil(() -> !Files.exists(script.getParent()));
        assertThat(script.getParent()).doesNotExist();
    }

    @Test
    void aJobRunsOnlyOnce() throws Exception {
        Jobs jobs = job("sleep 0.3\n");
        runner.launch(jobs.build(), CgroupLimits.NONE);
        assertThatThrownBy(() -> runner.launch(jobs.build(), CgroupLimits.NONE))
                .isInstanceOf(IllegalStateException.class);
        awaitCompletion();
    }

    @Test
    void warningSignalWithBReachesOnlyTheBatchShell() throws Exception {
        Jobs jobs = job("""
                trap 'echo shell got USR1 >> signals-$SLURM_JOB_ID' USR1
                bash -c "trap 'echo child got USR1 >> signals-$SLURM_JOB_ID' USR1; sleep 1.5 & wait; wait" &
                child=$!
                wait $child
                wait $child
                """);
        jobs.timeLimit = TimeLimit.ofSeconds(3);
        jobs.signal = Optional.of(SignalSpec.parse("B:USR1@2"));
        JobCompletion completion = run(jobs);
        assertThat(completion.state()).isEqualTo(JobState.COMPLETED);
        assertThat(read(workDir.resolve("signals-" + jobs.jobId))).isEqualTo("shell got USR1\n");
    }

    @Test
    void aCancelInterruptedByARestartStillEndsWithSigkill() throws Exception {
        Jobs jobs = job("trap '' TERM\ntouch ready-$SLURM_JOB_ID\nwhile true; do sleep 0.1; done\n");
        runner.launch(jobs.build(), CgroupLimits.NONE);
        awaitUntil(() -> Files.exists(workDir.resolve("ready-" + jobs.jobId)));
        runner.cancel(jobs.jobId);
        runner.shutdown();

        JobRunner restarted = newRunner(Duration.ofMillis(500));
        restarted.reattach();
        JobCompletion completion = awaitCompletion();
        assertThat(completion.state()).isEqualTo(JobState.CANCELLED);
        assertThat(completion.exit()).hasToString("0:9");
    }

    @Test
    void submitUmaskAppliesToTheOutputFiles() throws Exception {
        Jobs jobs = job("touch made-by-script-$SLURM_JOB_ID\n");
        jobs.environment = Map.of("PATH", "/usr/bin:/bin", "SLURM_UMASK", "0077");
        run(jobs);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(
                workDir.resolve("slurm-" + jobs.jobId + ".out")))).isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(
                workDir.resolve("made-by-script-" + jobs.jobId)))).isEqualTo("rw-------");
    }

    @Test
    void aRecordWhoseWrapperNeverStartedIsReportedFailed() throws Exception {
        long jobId = JOB_IDS.incrementAndGet();
        JobSpool spool = JobSpool.create(spoolDir, jobId);
        spool.writeRecord(new SpoolRecord(jobId, user.uid, Optional.empty(), Optional.empty()));
        cgroups.createJob(user.uid, jobId, CgroupLimits.NONE);
        Files.setLastModifiedTime(spool.dir().resolve("job"),
                java.nio.file.attribute.FileTime.from(Instant.now().minus(JobRunner.WRAPPER_START_GRACE.multipliedBy(2))));

        assertThat(runner.reattach()).containsExactly(jobId);
        JobCompletion completion = awaitCompletion();
        assertThat(completion.state()).isEqualTo(JobState.FAILED);
        assertThat(completion.launchError()).hasValue("the job wrapper ended without recording the script's status");
        awaitUntil(() -> cgroups.findJob(jobId).isEmpty());
    }

    @Test
    void reattachReportsAJobThatEndedWhileNoRunnerWatched() throws Exception {
        Jobs jobs = job("exit 5\n");
        runner.launch(jobs.build(), CgroupLimits.NONE);
        runner.shutdown();
        awaitUntil(() -> Files.exists(spool(jobs.jobId).resolve("status")));
        assertThat(completions).isEmpty();

        JobRunner restarted = newRunner(Duration.ofSeconds(1));
        assertThat(restarted.reattach()).containsExactly(jobs.jobId);
        JobCompletion completion = awaitCompletion();
        assertThat(completion.exit()).hasToString("5:0");
        assertThat(completion.state()).isEqualTo(JobState.FAILED);
    }

    @Test
    void memoryBeyondTheCgroupLimitEndsOutOfMemory() throws Exception {
        Jobs jobs = job("exec tail /dev/zero\n");
        long limit = 64L << 20;
        runner.launch(jobs.build(), CgroupLimits.NONE.withMemory(new MemoryLimit(OptionalLong.of(limit), OptionalLong.of(0))));
        JobCompletion completion = awaitCompletion();
        assertThat(completion.state()).isEqualTo(JobState.OUT_OF_MEMORY);
        assertThat(completion.exit()).hasToString("0:9");
        assertThat(completion.usage()).hasValueSatisfying(usage -> assertThat(usage.peakMemoryBytes().orElse(0))
                .isGreaterThan(limit / 2));
    }

    /** From the launch request to the script's first command; printed for the record. */
    @Test
    void launchOverhead() throws Exception {
        int launches = 10;
        long[] toExecMicros = new long[launches];
        long[] callMicros = new long[launches];
        for (int i = 0; i < launches; i++) {
            Jobs jobs = job("echo $EPOCHREALTIME > started-$SLURM_JOB_ID\n");
            Instant requested = Instant.now();
            long before = System.nanoTime();
            runner.launch(jobs.build(), CgroupLimits.NONE);
            callMicros[i] = (System.nanoTime() - before) / 1_000;
            awaitCompletion();
            String[] started = read(workDir.resolve("started-" + jobs.jobId)).trim().split("\\.");
            long startedMicros = Long.parseLong(started[0]) * 1_000_000 + Long.parseLong(started[1]);
            toExecMicros[i] = startedMicros - (requested.getEpochSecond() * 1_000_000 + requested.getNano() / 1_000);
        }
        java.util.Arrays.sort(toExecMicros);
        java.util.Arrays.sort(callMicros);
        System.out.printf("launch overhead over %d jobs: launch() median %.1f ms; request to script running"
                        + " median %.1f ms, min %.1f ms, max %.1f ms%n", launches, callMicros[launches / 2] / 1000.0,
                toExecMicros[launches / 2] / 1000.0, toExecMicros[0] / 1000.0, toExecMicros[launches - 1] / 1000.0);
        assertThat(toExecMicros[launches / 2]).as("median microseconds to the script's first command")
                .isPositive().isLessThan(1_000_000);
    }

    private static void giveToUser(Path file) throws IOException {
        Files.setAttribute(file, "unix:uid", user.uid);
        Files.setAttribute(file, "unix:gid", user.gid);
    }

    /** Gone, or a zombie: in a container whose init does not reap, killed orphans stay as zombies. */
    private static boolean isRunning(long pid) throws IOException {
        Path stat = Path.of("/proc", Long.toString(pid), "stat");
        if (!Files.exists(stat)) {
            return false;
        }
        String text = read(stat);
        return text.charAt(text.lastIndexOf(')') + 2) != 'Z';
    }

    private static Path spool(long jobId) {
        return spoolDir.resolve(String.format("job%05d", jobId));
    }

    private interface Condition {
        boolean holds() throws IOException;
    }

    /** Polls until the condition holds, failing the test after {@link #WAIT}. */
    private static void awaitUntil(Condition condition) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!condition.holds()) {
            assertThat(System.nanoTime()).as("waited too long").isLessThan(deadline);
            Thread.sleep(10);
        }
    }
}
