package io.jslurm.it;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The jobs one test submitted, cancelled after it and waited out, so the next test of the class finds the
 * cluster's nodes and limits free again. Register as {@code @RegisterExtension final SubmittedJobs jobs = new
 * SubmittedJobs(CLUSTER);} next to the class's {@link ClusterExtension}.
 */
final class SubmittedJobs implements AfterEachCallback {

    /** Where a job may be once scancel has been through: ended, whatever took it there. */
    private static final String[] ENDED = {"CANCELLED", "COMPLETED", "PREEMPTED", "FAILED", "TIMEOUT"};

    private final ClusterExtension cluster;
    private final List<Long> jobs = new ArrayList<>();

    SubmittedJobs(ClusterExtension cluster) {
        this.cluster = cluster;
    }

    /** sbatch ARGS; the job is cancelled after the test. */
    long submit(String... args) throws Exception {
        long job = cluster.get().submit(args);
        jobs.add(job);
        return job;
    }

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        Cluster c = cluster.get();
        for (long job : jobs) {
            c.run("scancel", Long.toString(job));
        }
        for (long job : jobs) {
            c.awaitState(job, Cluster.patience(), ENDED);
        }
        jobs.clear();
    }
}
