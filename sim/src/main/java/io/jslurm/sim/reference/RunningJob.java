package io.jslurm.sim.reference;

/** A started job and the nodes it holds until {@link #end()}. */
record RunningJob(ReferenceJob job, long start, int nodes) {

  /** When the job really completes: jobs are never killed at their requested time. */
  long end() {
    return start + job.run();
  }

  /** When the scheduler expects the job to complete, from the user's estimate. */
  long estimatedEnd() {
    return start + job.requestedTime();
  }
}
