package io.jslurm.sched;

import static java.util.Objects.requireNonNull;

import io.jslurm.sched.model.Partition;
import io.jslurm.sched.model.PendingJob;
import java.time.Duration;
import java.util.Comparator;
import java.util.Optional;

/**
 * A job in one of its partitions: a job submitted to several partitions is queued once per partition.
 *
 * @param timeLimit the limit it runs under there; empty for unlimited
 */
public record QueueEntry(PendingJob job, Partition partition, Optional<Duration> timeLimit) {

    /** Higher PriorityTier first, then higher priority, then earlier submit, then lower job id. */
    public static final Comparator<QueueEntry> ORDER = Comparator
            .comparingInt((QueueEntry e) -> -e.partition().priorityTier())
            .thenComparing(e -> -e.job().priority())
            .thenComparing(e -> e.job().submitTime())
            .thenComparingLong(e -> e.job().jobId())
            .thenComparing(e -> e.partition().name());

    public QueueEntry {
        requireNonNull(job, "job is null");
        requireNonNull(partition, "partition is null");
        requireNonNull(timeLimit, "timeLimit is null");
    }

    public long jobId() {
        return job.jobId();
    }
}
