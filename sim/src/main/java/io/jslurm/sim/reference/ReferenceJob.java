package io.jslurm.sim.reference;

/**
 * A job as the reference protocol sees it: already filtered and normalised from its trace line.
 *
 * @param jobId the trace's job number
 * @param submit absolute submit time in seconds, as in the trace
 * @param run actual run time in seconds; jobs always run exactly this long
 * @param requestedTime the user's estimate in seconds, used by SJF, F1 and backfill
 * @param procs processors the job occupies
 */
public record ReferenceJob(long jobId, long submit, long run, long requestedTime, int procs) {

  public ReferenceJob {
    if (run <= 0) {
      throw new IllegalArgumentException("job " + jobId + ": run time must be positive: " + run);
    }
    if (procs < 1) {
      throw new IllegalArgumentException("job " + jobId + ": needs at least one processor");
    }
  }
}
