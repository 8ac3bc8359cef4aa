package io.jslurm.sched.model;

import static java.util.Objects.requireNonNull;

import io.jslurm.sched.limits.LimitedJob;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A job waiting to start.
 *
 * @param partitions the partitions it may run in, in the user's order
 * @param priority   the job's priority (see {@code MultifactorPriority}); higher runs first
 * @param timeLimit  --time; empty means the partition's DefaultTime, else its MaxTime
 * @param limits     who the job counts against (user, QOS, associations) and what it asks for; empty when
 *                   accounting limits do not apply
 * @param reservation --reservation: the advance reservation it runs in; empty for none
 */
public record PendingJob(
        long jobId,
        int userId,
        List<String> partitions,
        long priority,
        Instant submitTime,
        Optional<Duration> timeLimit,
        ResourceRequest request,
        Eligibility eligibility,
        Optional<LimitedJob> limits,
        Optional<String> reservation) {

    /** A job outside any advance reservation. */
    public PendingJob(long jobId, int userId, List<String> partitions, long priority, Instant submitTime,
            Optional<Duration> timeLimit, ResourceRequest request, Eligibility eligibility,
            Optional<LimitedJob> limits) {
        this(jobId, userId, partitions, priority, submitTime, timeLimit, request, eligibility, limits,
                Optional.empty());
    }

    /** A job no accounting limit applies to. */
    public PendingJob(long jobId, int userId, List<String> partitions, long priority, Instant submitTime,
            Optional<Duration> timeLimit, ResourceRequest request, Eligibility eligibility) {
        this(jobId, userId, partitions, priority, submitTime, timeLimit, request, eligibility, Optional.empty());
    }

    public PendingJob {
        partitions = List.copyOf(requireNonNull(partitions, "partitions is null"));
        if (partitions.isEmpty()) {
            throw new IllegalArgumentException("job " + jobId + " names no partition");
        }
        requireNonNull(submitTime, "submitTime is null");
        requireNonNull(timeLimit, "timeLimit is null");
        requireNonNull(request, "request is null");
        requireNonNull(eligibility, "eligibility is null");
        requireNonNull(limits, "limits is null");
        requireNonNull(reservation, "reservation is null");
    }
}
