package io.jslurm.sched;

import io.jslurm.sched.model.ClusterSnapshot;
import io.jslurm.sched.model.Partition;
import io.jslurm.sched.model.PendingJob;
import io.jslurm.sched.plan.PendingReason;
import io.jslurm.sched.plan.PendingStatus;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Builds the ordered queue of one pass; jobs that cannot be considered get their status right away. */
final class JobQueue {

    private JobQueue() {
    }

    static List<QueueEntry> build(ClusterSnapshot snapshot, List<PendingJob> jobs, Instant now,
            Map<Long, PendingStatus> statuses) {
        List<QueueEntry> entries = new ArrayList<>();
        for (PendingJob job : jobs) {
            Optional<PendingStatus> ineligible = JobChecks.eligibility(job, now);
            if (ineligible.isPresent()) {
                statuses.put(job.jobId(), ineligible.get());
                continue;
            }
            PendingStatus firstFailure = null;
            boolean queued = false;
            for (String name : job.partitions()) {
                Optional<Partition> partition = snapshot.partition(name);
                Optional<PendingStatus> failure = partition.isEmpty()
                        ? Optional.of(PendingStatus.of(job.jobId(), PendingReason.PARTITION_CONFIG,
                                "partition " + name + " does not exist"))
                        : JobChecks.partitionLimits(job, partition.get());
                if (failure.isPresent()) {
                    firstFailure = firstFailure == null ? failure.get() : firstFailure;
                } else {
                    entries.add(new QueueEntry(job, partition.get(), partition.get().timeLimitFor(job.timeLimit())));
                    queued = true;
                }
            }
            if (!queued) {
                statuses.put(job.jobId(), firstFailure);
            }
        }
        entries.sort(QueueEntry.ORDER);
        return entries;
    }
}
