package io.jslurm.sim.reference;

import java.util.Map;
import java.util.stream.Collectors;

/** Start times of a whole tiny workload replayed as one window, by job id. */
final class Replays {

  private Replays() {}

  static Map<Long, Long> starts(ReferenceWorkload workload, Policy policy, boolean backfill) {
    return whole(workload, policy, backfill).jobs().stream()
        .collect(Collectors.toMap(job -> job.job().jobId(), ScheduledJob::start));
  }

  static WindowResult whole(ReferenceWorkload workload, Policy policy, boolean backfill) {
    return new ReferenceScheduler(policy, backfill).run(workload, new Window(0, workload.size()));
  }
}
