package io.jslurm.sim.reference;

import java.util.List;
import java.util.Objects;

/**
 * The scheduling protocol of the RLScheduler simulator (Zhang et al., SC'20), reproduced so its
 * published bounded slowdowns can be checked job by job: one queue order, optionally with its
 * conservative single-reservation backfill.
 */
public record ReferenceScheduler(Policy policy, boolean backfill) {

  public ReferenceScheduler {
    Objects.requireNonNull(policy, "policy");
  }

  /** Replays one window on an empty machine, starting at its first job's submit time. */
  public WindowResult run(ReferenceWorkload workload, Window window) {
    List<ReferenceJob> jobs = workload.jobsOf(window);
    List<ScheduledJob> scheduled =
        new ReferenceReplay(jobs, workload.machine(), policy, backfill).run();
    return new WindowResult(window, workload.machine(), jobs.get(0).submit(), scheduled);
  }

  public List<WindowResult> run(ReferenceWorkload workload, List<Window> windows) {
    return windows.stream().map(window -> run(workload, window)).toList();
  }
}
