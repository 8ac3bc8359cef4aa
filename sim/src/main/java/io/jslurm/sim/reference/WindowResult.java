package io.jslurm.sim.reference;

import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * The schedule of one window and its figures.
 *
 * @param origin the window's first submit time, when its machine starts empty
 * @param jobs every job of the window, in job id order
 */
public record WindowResult(Window window, MachineShape machine, long origin, List<ScheduledJob> jobs) {

  public WindowResult {
    Objects.requireNonNull(window, "window");
    Objects.requireNonNull(machine, "machine");
    jobs = jobs.stream()
        .sorted(Comparator.comparingLong((ScheduledJob job) -> job.job().jobId()))
        .toList();
    if (jobs.isEmpty()) {
      throw new IllegalArgumentException("window " + window + " has no jobs");
    }
  }

  public double averageBoundedSlowdown() {
    return jobs.stream().mapToDouble(ScheduledJob::boundedSlowdown).average().orElseThrow();
  }

  public double averageWait() {
    return jobs.stream().mapToLong(ScheduledJob::waitTime).average().orElseThrow();
  }

  /** From the window's first submit to its last completion. */
  public long makespan() {
    return jobs.stream().mapToLong(ScheduledJob::end).max().orElseThrow() - origin;
  }

  /** Processor-seconds of work done: each job's processors times its run time. */
  public double busyProcSeconds() {
    return jobs.stream().mapToDouble(job -> (double) job.job().procs() * job.job().run()).sum();
  }

  /** Processor-seconds the machine offered over the makespan. */
  public double capacityProcSeconds() {
    return (double) machine.procs() * makespan();
  }

  /** Busy processor-seconds over the machine's processors times the makespan. */
  public double utilization() {
    long span = makespan();
    return span == 0 ? 0 : busyProcSeconds() / capacityProcSeconds();
  }
}
