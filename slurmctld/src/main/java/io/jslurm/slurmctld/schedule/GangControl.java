package io.jslurm.slurmctld.schedule;

import io.jslurm.conf.slurm.PartitionConfig;
import io.jslurm.conf.slurm.SchedulingConfig;
import io.jslurm.sched.gang.GangJob;
import io.jslurm.sched.gang.GangPlan;
import io.jslurm.sched.gang.GangScheduler;
import io.jslurm.slurmctld.config.ClusterConfig;
import io.jslurm.slurmctld.job.Job;
import io.jslurm.slurmctld.job.JobState;
import io.jslurm.slurmctld.job.SuspendCause;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies gang time-slicing (PreemptMode=GANG) to the live jobs: asks {@link GangScheduler} who runs in the coming
 * slice and suspends or resumes jobs accordingly. A job it suspends keeps its allocation (it is still counted on its
 * shared cores). Which jobs it suspended is read from the job table (the suspend cause is journaled with the state
 * change), so after a controller restart the time-slicing goes on; only the slice start and the turn order are kept
 * here, and are rebuilt from the jobs' start times. Used by the scheduling thread only.
 */
final class GangControl {

    private static final Logger log = LoggerFactory.getLogger(GangControl.class);
    /**
     * A job is not suspended in its first seconds: the launch request and the suspend request go to slurmd by
     * different connections, and a suspend that arrives before the launch would find no job to freeze.
     */
    static final Duration LAUNCH_SETTLE = Duration.ofSeconds(2);

    private final JobControl control;
    private final Allocations allocations;
    /** When this class last suspended or resumed each job (else its start time counts). */
    private final Map<Long, Instant> since = new HashMap<>();
    private Instant sliceStart = Instant.EPOCH;

    GangControl(JobControl control, Allocations allocations) {
        this.control = Objects.requireNonNull(control, "control");
        this.allocations = Objects.requireNonNull(allocations, "allocations");
    }

    /** Whether the job is suspended by time-slicing (it keeps its cores: other jobs share them with it). */
    boolean holdsCores(long jobId) {
        return control.store().get(jobId).map(GangControl::gangSuspended).orElse(false);
    }

    private static boolean gangSuspended(Job job) {
        return job.state() == JobState.SUSPENDED && job.status().suspendCause() == SuspendCause.GANG;
    }

    /** Suspends and resumes jobs for the slice that runs from {@code now}. */
    void apply(ClusterConfig cfg, Instant now) {
        SchedulingConfig scheduling = cfg.slurm().scheduling();
        List<Long> suspended = allocations.all().keySet().stream().filter(this::holdsCores).sorted().toList();
        if (!scheduling.gang()) {
            // GANG was taken out of slurm.conf (or never set): nothing takes turns any more.
            suspended.forEach(id -> resume(id, now));
            since.clear();
            return;
        }
        since.keySet().retainAll(allocations.all().keySet());
        List<GangJob> jobs = jobs(cfg);
        if (jobs.size() < 2 && suspended.isEmpty()) {
            sliceStart = now;
            return;
        }
        GangPlan plan = GangScheduler.next(jobs, sliceStart, scheduling.timeSlice(), now);
        sliceStart = plan.sliceStart();
        for (long id : plan.suspend()) {
            suspend(id, now);
        }
        for (long id : plan.resume()) {
            resume(id, now);
        }
    }

    private List<GangJob> jobs(ClusterConfig cfg) {
        List<GangJob> jobs = new ArrayList<>();
        for (var entry : allocations.all().entrySet()) {
            long id = entry.getKey();
            Optional<Job> job = control.store().get(id);
            if (job.isEmpty()) {
                continue;
            }
            boolean running = job.get().state() == JobState.RUNNING;
            if (!running && !gangSuspended(job.get())) {
                continue;
            }
            String partition = job.get().spec().partition();
            int tier = cfg.partition(partition).map(PartitionConfig::priorityTier).orElse(1);
            Instant last = since.getOrDefault(id, Instant.ofEpochSecond(job.get().status().startTime()));
            jobs.add(new GangJob(id, partition, tier, entry.getValue(), running, last));
        }
        return jobs;
    }

    private void suspend(long id, Instant now) {
        Optional<Job> job = control.store().get(id);
        if (job.isEmpty() || Instant.ofEpochSecond(job.get().status().startTime()).plus(LAUNCH_SETTLE).isAfter(now)) {
            return;
        }
        try {
            control.suspendInPlace(id);
            since.put(id, now);
        } catch (RuntimeException e) {
            log.warn("gang: JobId={} not suspended: {}", id, e.getMessage());
        }
    }

    private void resume(long id, Instant now) {
        try {
            control.resume(id);
            since.put(id, now);
        } catch (RuntimeException e) {
            log.warn("gang: JobId={} not resumed: {}", id, e.getMessage());
        }
    }
}
