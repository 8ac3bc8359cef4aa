package io.jslurm.slurmd.daemon;

import io.jslurm.protocol.proto.LaunchBatchJob;
import io.jslurm.slurmd.cgroup.Cgroup;
import io.jslurm.slurmd.cgroup.CgroupException;
import io.jslurm.slurmd.cgroup.CgroupLimits;
import io.jslurm.slurmd.cgroup.CgroupManager;
import io.jslurm.slurmd.cgroup.StepName;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.function.LongPredicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * PrologFlags=Contain: a job's cgroup, with its limits, and its {@code extern} step exist on every node
 * from allocation to the job's end, whether or not anything of the job runs there yet (what processes
 * adopted into the job, e.g. by pam_slurm_adopt, join). At the end, once the batch script and the steps are
 * gone, what is left in it is killed and the cgroup removed.
 */
final class ContainedJobs {
    private static final Logger LOG = LoggerFactory.getLogger(ContainedJobs.class);
    private static final Duration POLL = Duration.ofMillis(50);
    private static final Duration DRAIN = Duration.ofSeconds(10);

    private final CgroupManager cgroups;
    private final LongPredicate jobActive;
    private final Duration endWait;
    private final Executor executor;

    /**
     * @param jobActive whether the job's batch script or steps still run here
     * @param endWait   how long the end waits for them at most
     */
    ContainedJobs(CgroupManager cgroups, LongPredicate jobActive, Duration endWait, Executor executor) {
        this.cgroups = Objects.requireNonNull(cgroups, "cgroups");
        this.jobActive = Objects.requireNonNull(jobActive, "jobActive");
        this.endWait = Objects.requireNonNull(endWait, "endWait");
        this.executor = Objects.requireNonNull(executor, "executor");
    }

    void allocated(LaunchBatchJob job, CgroupLimits limits) {
        long jobId = Integer.toUnsignedLong(job.getJobId());
        try {
            cgroups.createJob(job.getUid(), jobId, limits);
            cgroups.createStep(job.getUid(), jobId, StepName.EXTERN, CgroupLimits.NONE);
            LOG.info("job {}: job cgroup and extern step created at allocation", jobId);
        } catch (CgroupException e) {
            LOG.error("job {}: cannot create its cgroup at allocation: {}", jobId, e.getMessage());
        }
    }

    /** The controller ended the job here: its cgroup goes once its batch script and steps are gone. */
    void ended(long jobId) {
        executor.execute(() -> {
            long deadline = System.nanoTime() + endWait.toNanos();
            try {
                while (jobActive.test(jobId) && System.nanoTime() < deadline) {
                    Thread.sleep(POLL.toMillis());
                }
                if (cgroups.findStep(jobId, StepName.EXTERN).isEmpty()) {
                    return;
                }
                for (Cgroup job : cgroups.findJob(jobId).stream().toList()) {
                    if (!job.isEmpty()) {
                        job.kill();
                    }
                    if (job.awaitEmpty(DRAIN)) {
                        job.remove();
                        LOG.info("job {}: job cgroup removed at the job's end", jobId);
                    } else {
                        LOG.error("job {}: processes survive SIGKILL; cgroup {} kept", jobId, job.path());
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (CgroupException e) {
                LOG.error("job {}: removing its cgroup: {}", jobId, e.getMessage());
            }
        });
    }
}
