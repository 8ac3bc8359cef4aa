package io.jslurm.sim.reference;

import java.util.Objects;

/** A job and the simulated time it started. */
public record ScheduledJob(ReferenceJob job, long start) {

  /** Run times below this count as this long in the bounded slowdown, so tiny jobs do not dominate. */
  public static final long BOUNDED_SLOWDOWN_THRESHOLD = 10;

  public ScheduledJob {
    Objects.requireNonNull(job, "job");
    if (start < job.submit()) {
      throw new IllegalArgumentException("job " + job.jobId() + " cannot start before its submit");
    }
  }

  public long waitTime() {
    return start - job.submit();
  }

  public long end() {
    return start + job.run();
  }

  /** max(1, (wait + run) / max(run, threshold)). */
  public double boundedSlowdown() {
    double turnaround = waitTime() + job.run();
    return Math.max(1.0, turnaround / Math.max(job.run(), BOUNDED_SLOWDOWN_THRESHOLD));
  }
}
