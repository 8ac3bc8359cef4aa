package io.jslurm.sim.slurm;

import io.jslurm.sim.reference.Window;
import io.jslurm.sim.swf.SwfJob;
import io.jslurm.sim.swf.SwfTrace;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * The jobs of a trace in job-number order, filtered as reference mode filters them (run time 0
 * left out, a negative run time becomes 10 s), so that a window names the same jobs in both modes.
 */
public record SlurmWorkload(List<SlurmJob> jobs) {

  static final long UNKNOWN_RUN_TIME = 10;

  public SlurmWorkload {
    jobs = List.copyOf(Objects.requireNonNull(jobs, "jobs"));
  }

  public static SlurmWorkload from(SwfTrace trace) {
    return new SlurmWorkload(trace.jobs().stream()
        .filter(line -> line.runTime() != 0)
        .map(SlurmWorkload::job)
        .sorted(Comparator.comparingLong(SlurmJob::jobId))
        .toList());
  }

  private static SlurmJob job(SwfJob line) {
    long run = line.runTime() < 0 ? UNKNOWN_RUN_TIME : line.runTime();
    long estimate = line.requestedTime() > 0 ? line.requestedTime() : -1;
    return new SlurmJob(line.jobNumber(), line.submitTime(), run,
        Math.max(1, Math.max(line.allocatedProcs(), line.requestedProcs())), estimate,
        line.partition(), line.userId());
  }

  public int size() {
    return jobs.size();
  }

  public List<SlurmJob> jobsOf(Window window) {
    return window.of(jobs);
  }
}
