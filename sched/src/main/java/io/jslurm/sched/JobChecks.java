package io.jslurm.sched;

import io.jslurm.sched.model.Eligibility;
import io.jslurm.sched.model.Partition;
import io.jslurm.sched.model.PendingJob;
import io.jslurm.sched.plan.PendingReason;
import io.jslurm.sched.plan.PendingStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/** The checks made before any resources are looked at: holds, dependencies, begin time, partition limits. */
final class JobChecks {

    private JobChecks() {
    }

    static Optional<PendingStatus> eligibility(PendingJob job, Instant now) {
        Eligibility eligibility = job.eligibility();
        long id = job.jobId();
        switch (eligibility.hold()) {
            case ADMIN:
                return Optional.of(PendingStatus.of(id, PendingReason.JOB_HELD_ADMIN, "held by an administrator"));
            case USER:
                return Optional.of(PendingStatus.of(id, PendingReason.JOB_HELD_USER, "held by its user"));
            default:
                break;
        }
        switch (eligibility.dependency()) {
            case NEVER_SATISFIED:
                return Optional.of(PendingStatus.of(id, PendingReason.DEPENDENCY_NEVER_SATISFIED,
                        "a dependency can never be satisfied"));
            case WAITING:
                return Optional.of(PendingStatus.of(id, PendingReason.DEPENDENCY, "waiting for a dependency"));
            default:
                break;
        }
        if (eligibility.beginTime().isPresent() && eligibility.beginTime().get().isAfter(now)) {
            return Optional.of(PendingStatus.of(id, PendingReason.BEGIN_TIME,
                    "not to start before " + eligibility.beginTime().get()));
        }
        return Optional.empty();
    }

    static Optional<PendingStatus> partitionLimits(PendingJob job, Partition partition) {
        long id = job.jobId();
        String name = partition.name();
        switch (partition.state()) {
            case DOWN:
                return Optional.of(PendingStatus.of(id, PendingReason.PARTITION_DOWN, "partition " + name
                        + " is DOWN"));
            case INACTIVE:
                return Optional.of(PendingStatus.of(id, PendingReason.PARTITION_INACTIVE, "partition " + name
                        + " is INACTIVE"));
            default:
                break;
        }
        Optional<Duration> maxTime = partition.maxTime();
        if (job.timeLimit().isPresent() && maxTime.isPresent() && job.timeLimit().get().compareTo(maxTime.get()) > 0) {
            return Optional.of(PendingStatus.of(id, PendingReason.PARTITION_TIME_LIMIT, "time limit "
                    + job.timeLimit().get() + " exceeds MaxTime " + maxTime.get() + " of partition " + name));
        }
        int minNodes = job.request().minNodes();
        if (partition.maxNodes().isPresent() && minNodes > partition.maxNodes().getAsInt()) {
            return Optional.of(PendingStatus.of(id, PendingReason.PARTITION_NODE_LIMIT, minNodes
                    + " nodes exceed MaxNodes " + partition.maxNodes().getAsInt() + " of partition " + name));
        }
        if (minNodes > partition.nodes().size()) {
            return Optional.of(PendingStatus.of(id, PendingReason.PARTITION_NODE_LIMIT, minNodes
                    + " nodes exceed the " + partition.nodes().size() + " nodes of partition " + name));
        }
        return Optional.empty();
    }
}
