package io.jslurm.cli.interactive;

import io.jslurm.common.time.Timestamps;
import io.jslurm.protocol.proto.JobRecord;
import io.jslurm.protocol.proto.JobState;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;

/**
 * What srun and salloc print when the controller ended their job under them: at its time limit, or revoked
 * otherwise (scancel, a node failure).
 */
public final class TimeLimitNotice {

    private TimeLimitNotice() {
    }

    public static boolean timedOut(JobRecord job) {
        return job.getState() == JobState.JOB_TIMEOUT;
    }

    /** Whether the job no longer holds its allocation. */
    public static boolean revoked(JobRecord job) {
        return switch (job.getState()) {
            case JOB_PENDING, JOB_RUNNING, JOB_SUSPENDED -> false;
            default -> true;
        };
    }

    /** The line salloc or srun prints once its allocation is gone: {@code salloc: Job 7 has exceeded ...}. */
    public static String allocationRevoked(String program, JobRecord job) {
        String id = Integer.toUnsignedString(job.getJobId());
        return program + (timedOut(job) ? ": Job " + id + " has exceeded its time limit and its allocation has been revoked."
                : ": Job allocation " + id + " has been revoked.");
    }

    /** One line per node of a step its job's time limit ended, stamped with the job's end, in local time. */
    public static List<String> stepCancelled(String stepId, List<String> nodes, JobRecord job, ZoneId zone) {
        String at = Timestamps.format(Instant.ofEpochSecond(job.getEndTime()), zone);
        return nodes.stream().map(node -> "srun: error: *** STEP " + stepId + " ON " + node + " CANCELLED AT " + at
                + " DUE TO TIME LIMIT ***").toList();
    }
}
