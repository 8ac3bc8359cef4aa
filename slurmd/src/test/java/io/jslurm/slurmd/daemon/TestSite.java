package io.jslurm.slurmd.daemon;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

/**
 * What a daemon test class runs in: a test user with a work directory under a temporary root the
 * user can cross, and a cluster configuration with the given nodes on this host.
 */
final class TestSite implements AutoCloseable {
    final Path root;
    final TestAccount user;
    final Path workDir;
    final TestCluster cluster;

    private TestSite(Path root, TestAccount user, Path workDir, TestCluster cluster) {
        this.root = root;
        this.user = user;
        this.workDir = workDir;
        this.cluster = cluster;
    }

    static TestSite create(Path root, String hostName, List<String> nodes) throws IOException {
        Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxr-xr-x"));
        TestAccount user = TestAccount.create();
        return new TestSite(root, user, user.ownDirectory(root, "work"), TestCluster.create(root, hostName, nodes));
    }

    /** A file in the work directory, named for a job, for scripts to leave marks in. */
    Path mark(String what, int jobId) {
        return workDir.resolve(what + "-" + jobId);
    }

    @Override
    public void close() throws IOException {
        user.close();
    }
}
