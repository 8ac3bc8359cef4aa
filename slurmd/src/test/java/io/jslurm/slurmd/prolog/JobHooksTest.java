package io.jslurm.slurmd.prolog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real programs run by {@link JobHooks}; the controller side is a recorder of what would be sent. */
class JobHooksTest {

    @TempDir
    Path dir;
    private final ExecutorService executor = Executors.newCachedThreadPool();
    private final List<String> failures = new CopyOnWriteArrayList<>();
    private final HookFailures recorder = new HookFailures() {
        @Override
        public void prologFailed(JobHookContext job, ScriptResult result) {
            failures.add("prolog " + job.jobId() + " " + result.status());
        }

        @Override
        public void epilogFailed(JobHookContext job, ScriptResult result) {
            failures.add("epilog " + job.jobId() + " " + result.status());
        }
    };

    @AfterEach
    void stop() {
        executor.shutdownNow();
    }

    private Path script(String name, String body) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, "#!/bin/sh\n" + body);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        return file;
    }

    private JobHookContext job(long id) {
        return new JobHookContext(id, 1234, 1235, "alice", "n[1-2]", "debug", "physics", "train", "c", "n1",
                Path.of("/etc/slurm/slurm.conf"));
    }

    private HookSettings settings(Path prolog, Path epilog, Duration timeout) {
        return new HookSettings(Optional.ofNullable(prolog), Optional.ofNullable(epilog), Optional.empty(),
                Optional.empty(), timeout);
    }

    @Test
    void prologRunsOnceAsRootWithTheJobsVariables() throws Exception {
        Path log = dir.resolve("prolog.log");
        Path prolog = script("prolog", "echo \"$SLURM_SCRIPT_CONTEXT $SLURM_JOB_ID $SLURM_JOB_USER $SLURM_JOB_UID "
                + "$SLURM_JOB_NODELIST $SLURM_JOB_PARTITION $SLURMD_NODENAME $(id -u)\" >> " + log + "\n");
        JobHooks hooks = new JobHooks(settings(prolog, null, Duration.ofSeconds(30)), recorder, id -> false,
                Duration.ofSeconds(1), executor);
        assertTrue(hooks.awaitProlog(job(7)));
        assertTrue(hooks.awaitProlog(job(7)), "a second step of the job waits for the same prolog");
        assertEquals(List.of("prolog_slurmd 7 alice 1234 n[1-2] debug n1 0"), Files.readAllLines(log));
        assertEquals(List.of(), failures);
    }

    @Test
    void failingPrologIsReportedWithItsStatus() throws Exception {
        JobHooks hooks = new JobHooks(settings(script("prolog", "exit 3\n"), null, Duration.ofSeconds(30)),
                recorder, id -> false, Duration.ofSeconds(1), executor);
        assertFalse(hooks.awaitProlog(job(8)));
        assertEquals(List.of("prolog 8 status=3:0"), failures);
    }

    @Test
    void prologPastTheTimeoutIsKilledAndFails() throws Exception {
        JobHooks hooks = new JobHooks(settings(script("prolog", "sleep 30\n"), null, Duration.ofMillis(300)),
                recorder, id -> false, Duration.ofSeconds(1), executor);
        long start = System.nanoTime();
        assertFalse(hooks.awaitProlog(job(9)));
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(10));
        assertEquals(List.of("prolog 9 status=0:9 (timed out)"), failures);
    }

    @Test
    void epilogWaitsForTheJobsProcessesAndRunsOnce() throws Exception {
        Path log = dir.resolve("epilog.log");
        Path epilog = script("epilog", "echo \"$SLURM_SCRIPT_CONTEXT $SLURM_JOB_ID $SLURM_JOB_USER\" >> " + log + "\n");
        AtomicBoolean active = new AtomicBoolean(true);
        JobHooks hooks = new JobHooks(settings(null, epilog, Duration.ofSeconds(30)), recorder,
                id -> active.get(), Duration.ofSeconds(30), executor);
        hooks.prolog(job(10)).get();
        hooks.jobEnded(10, JobHookContext.onlyId(10, "c", "n1", Path.of("/x")));
        hooks.jobEnded(10, JobHookContext.onlyId(10, "c", "n1", Path.of("/x")));
        Thread.sleep(300);
        assertFalse(Files.exists(log), "no epilog while the job's processes run");
        active.set(false);
        awaitFile(log);
        Thread.sleep(300);
        assertEquals(List.of("epilog_slurmd 10 alice"), Files.readAllLines(log));
    }

    @Test
    void epilogOfAJobTakenBackAfterARestartGetsTheJobsVariables() throws Exception {
        Path log = dir.resolve("epilog.log");
        Path epilog = script("epilog", "echo \"$SLURM_JOB_ID $SLURM_JOB_USER $SLURM_JOB_UID $SLURM_JOB_GID "
                + "$SLURM_JOB_NODELIST $SLURM_JOB_PARTITION $SLURM_JOB_ACCOUNT $SLURM_JOB_NAME\" >> " + log + "\n");
        JobHooks hooks = new JobHooks(settings(null, epilog, Duration.ofSeconds(30)), recorder, id -> false,
                Duration.ofSeconds(1), executor);
        java.util.Map<String, String> batchEnv = java.util.Map.of("SLURM_JOB_ID", "12", "SLURM_JOB_USER", "bob",
                "SLURM_JOB_UID", "2001", "SLURM_JOB_GID", "2002", "SLURM_JOB_NODELIST", "n[1-4]",
                "SLURM_JOB_PARTITION", "gpu", "SLURM_JOB_ACCOUNT", "chem", "SLURM_JOB_NAME", "md");
        hooks.remember(JobHookContext.ofBatchEnvironment(12, batchEnv, "c", "n1", Path.of("/x")));
        hooks.jobEnded(12, JobHookContext.onlyId(12, "c", "n1", Path.of("/x")));
        awaitFile(log);
        Thread.sleep(200);
        assertEquals(List.of("12 bob 2001 2002 n[1-4] gpu chem md"), Files.readAllLines(log));
    }

    @Test
    void failingEpilogIsReported() throws Exception {
        JobHooks hooks = new JobHooks(settings(null, script("epilog", "exit 1\n"), Duration.ofSeconds(30)),
                recorder, id -> false, Duration.ofSeconds(1), executor);
        hooks.jobEnded(11, JobHookContext.onlyId(11, "c", "n1", Path.of("/x")));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (failures.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertEquals(List.of("epilog 11 status=1:0"), failures);
    }

    @Test
    void aRequeuedJobRunsItsPrologAgain() throws Exception {
        Path log = dir.resolve("count.log");
        JobHooks hooks = new JobHooks(settings(script("prolog", "echo run >> " + log + "\n"), null,
                Duration.ofSeconds(30)), recorder, id -> false, Duration.ofSeconds(1), executor);
        assertTrue(hooks.awaitProlog(job(12)));
        hooks.jobEnded(12, job(12));
        assertTrue(hooks.awaitProlog(job(12)));
        assertEquals(2, Files.readAllLines(log).size());
    }

    private static void awaitFile(Path file) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!Files.exists(file) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
    }
}
