package io.jslurm.sim.reference;

import io.jslurm.sim.swf.SwfJob;
import io.jslurm.sim.swf.SwfTrace;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** The filtered job list of a trace and the machine it ran on, as the reference protocol reads them. */
public record ReferenceWorkload(List<ReferenceJob> jobs, MachineShape machine) {

  /** The run time given to jobs whose trace run time is negative (unknown). */
  static final long UNKNOWN_RUN_TIME = 10;

  public ReferenceWorkload {
    jobs = List.copyOf(Objects.requireNonNull(jobs, "jobs"));
    Objects.requireNonNull(machine, "machine");
    for (ReferenceJob job : jobs) {
      if (machine.nodesFor(job.procs()) > machine.nodes()) {
        throw new IllegalArgumentException(
            "job " + job.jobId() + " needs " + job.procs() + " processors, the machine has "
                + machine.procs());
      }
    }
  }

  public static ReferenceWorkload from(SwfTrace trace) {
    int nodes = trace.header().maxNodes().orElseThrow(
        () -> new IllegalArgumentException("the trace header has no MaxNodes"));
    int procs = trace.header().maxProcs().orElse(nodes);
    List<ReferenceJob> jobs = trace.jobs().stream()
        .flatMap(line -> normalise(line).stream())
        .sorted(Comparator.comparingLong(ReferenceJob::jobId))
        .toList();
    return new ReferenceWorkload(jobs, new MachineShape(nodes, procs));
  }

  /**
   * Applies the protocol's clean-up, or nothing for a job it drops (run time 0). A missing
   * estimate is replaced by the run time as written in the trace, before a negative run time
   * becomes {@value #UNKNOWN_RUN_TIME} s; that is the order the published simulator uses.
   */
  private static Optional<ReferenceJob> normalise(SwfJob line) {
    long requested = line.requestedTime() == -1 ? line.runTime() : line.requestedTime();
    long run = line.runTime() < 0 ? UNKNOWN_RUN_TIME : line.runTime();
    if (run == 0) {
      return Optional.empty();
    }
    int procs = Math.max(line.allocatedProcs(), line.requestedProcs());
    return Optional.of(new ReferenceJob(line.jobNumber(), line.submitTime(), run, requested, procs));
  }

  public int size() {
    return jobs.size();
  }

  /** The jobs of one window, in job id order. */
  public List<ReferenceJob> jobsOf(Window window) {
    return window.of(jobs);
  }
}
