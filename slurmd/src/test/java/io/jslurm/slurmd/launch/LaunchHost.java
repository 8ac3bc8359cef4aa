package io.jslurm.slurmd.launch;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

/**
 * What a test class that launches real jobs needs besides its cgroups: a user made for it, a spool directory, a
 * work directory the user owns, and a scheduler for the runner's timers; closed after the class.
 */
record LaunchHost(TestUser user, Path spoolDir, Path workDir, ScheduledExecutorService scheduler)
        implements AutoCloseable {

    /** Skips the calling test class where real launches cannot work: they need root and these programs. */
    static void assumeLaunchable() throws IOException {
        assumeTrue((Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid") == 0,
                "job launch tests need root: they create a user and cgroups");
        for (String tool : List.of(JobWrapper.PERL, JobWrapper.SETSID, JobWrapper.SETPRIV, "/usr/sbin/useradd")) {
            assumeTrue(Files.isExecutable(Path.of(tool)), "job launch tests need " + tool);
        }
    }

    /** {@code root} (a test's temporary directory) is opened to all, so the user can reach the work directory. */
    static LaunchHost create(Path root) throws IOException {
        TestUser user = TestUser.create();
        Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path spool = Files.createDirectory(root.resolve("spool"));
        Path work = Files.createDirectory(root.resolve("work"));
        Files.setAttribute(work, "unix:uid", user.uid);
        Files.setAttribute(work, "unix:gid", user.gid);
        return new LaunchHost(user, spool, work, Executors.newScheduledThreadPool(2));
    }

    /** A one-node bash batch job of this user, started now in the work directory. */
    Jobs job(long jobId, String script) {
        return Jobs.bashOnNode01(jobId, user.jobUser(), workDir, Map.of("PATH", "/usr/bin:/bin"), script);
    }

    @Override
    public void close() throws IOException {
        scheduler.shutdownNow();
        user.close();
    }
}
