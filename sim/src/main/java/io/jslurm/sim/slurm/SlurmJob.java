package io.jslurm.sim.slurm;

/**
 * A trace job as Slurm mode submits it.
 *
 * @param jobId the trace's job number
 * @param submit absolute submit time in seconds
 * @param run how long the job would run if nothing stopped it, in seconds
 * @param procs processors asked for: the larger of fields 5 and 8
 * @param estimate the user's estimate (field 9) in seconds; -1 when the trace has none
 * @param partitionNumber field 16; -1 when unknown
 */
public record SlurmJob(
    long jobId, long submit, long run, int procs, long estimate, int partitionNumber, int userId) {

  public SlurmJob {
    if (run <= 0) {
      throw new IllegalArgumentException("job " + jobId + ": run time must be positive: " + run);
    }
    if (procs < 1) {
      throw new IllegalArgumentException("job " + jobId + ": needs at least one processor");
    }
  }
}
