package io.jslurm.sim.slurm;

import io.jslurm.sched.model.Eligibility;
import io.jslurm.sched.model.Partition;
import io.jslurm.sched.model.PendingJob;
import io.jslurm.sched.model.ResourceRequest;
import io.jslurm.sched.priority.PriorityInputs;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A trace job as submitted: its partition, request and time limit, and the time it will actually
 * run: its trace run time, or its time limit when that comes first (Slurm kills it then).
 *
 * @param timeLimit the --time given to the scheduler; empty lets the partition's DefaultTime or
 *     MaxTime apply
 * @param limitSeconds the limit it runs under
 * @param cpus the CPUs it holds, for the job size factor
 */
public record Submission(SlurmJob job, Partition partition, ResourceRequest request,
    Optional<Duration> timeLimit, long limitSeconds, long cpus) {

  public Submission {
    Objects.requireNonNull(job, "job");
    Objects.requireNonNull(partition, "partition");
    Objects.requireNonNull(request, "request");
    Objects.requireNonNull(timeLimit, "timeLimit");
    if (limitSeconds < 1) {
      throw new IllegalArgumentException("job " + job.jobId() + ": time limit must be positive");
    }
  }

  /**
   * Slurm time limits are whole minutes, so an estimate is rounded up to the minute, and capped at
   * the partition's MaxTime (as if the user had asked for no more than the partition allows). A
   * job without an estimate gets the partition's DefaultTime or MaxTime, like a job submitted
   * without --time; where the partition has neither, its own run time (rounded up likewise), so
   * that backfill still has an end to plan with.
   */
  public static Submission of(SlurmJob job, Partition partition, int cpusPerNode,
      AllocationUnit unit) {
    ResourceRequest request = unit.request(job.procs(), partition.nodes().size(), cpusPerNode);
    Optional<Duration> maxTime = partition.maxTime();
    Optional<Duration> timeLimit;
    if (job.estimate() > 0) {
      Duration asked = wholeMinutes(job.estimate());
      timeLimit = Optional.of(maxTime.filter(max -> max.compareTo(asked) < 0).orElse(asked));
    } else if (partition.timeLimitFor(Optional.empty()).isPresent()) {
      timeLimit = Optional.empty();
    } else {
      timeLimit = Optional.of(wholeMinutes(job.run()));
    }
    long limit = partition.timeLimitFor(timeLimit).orElseThrow().toSeconds();
    long cpus = unit == AllocationUnit.NODES ? (long) request.minNodes() * cpusPerNode : job.procs();
    return new Submission(job, partition, request, timeLimit, limit, cpus);
  }

  private static Duration wholeMinutes(long seconds) {
    return Duration.ofMinutes((seconds + 59) / 60);
  }

  /** How long the job holds its resources: until it ends or reaches its limit. */
  public long runsFor() {
    return Math.min(job.run(), limitSeconds);
  }

  public boolean killed() {
    return job.run() > limitSeconds;
  }

  public PendingJob pending(long priority) {
    return new PendingJob(job.jobId(), job.userId(), List.of(partition.name()), priority,
        Instant.ofEpochSecond(job.submit()), timeLimit, request, Eligibility.READY);
  }

  public PriorityInputs priorityInputs() {
    return new PriorityInputs(Instant.ofEpochSecond(job.submit()), 0, 0, request.minNodes(), cpus,
        partition.priorityJobFactor(), 0, Map.of(), 0, OptionalLong.empty());
  }
}
