package io.jslurm.sim.swf;

/**
 * One job line of a Standard Workload Format trace: the 18 fields in file order. {@code -1} means
 * "unknown" in every field, as the format defines; fields 6, 7 and 10 may carry fractions in some
 * archive logs, so they are kept as doubles.
 */
public record SwfJob(
    long jobNumber,
    long submitTime,
    long waitTime,
    long runTime,
    int allocatedProcs,
    double averageCpuTime,
    double usedMemory,
    int requestedProcs,
    long requestedTime,
    double requestedMemory,
    int status,
    int userId,
    int groupId,
    int executable,
    int queue,
    int partition,
    long precedingJob,
    long thinkTime) {

  /** The number of whitespace-separated fields on every job line. */
  public static final int FIELDS = 18;

  public SwfJob {
    if (jobNumber < 0) {
      throw new IllegalArgumentException("job number must not be negative: " + jobNumber);
    }
    if (allocatedProcs < -1 || requestedProcs < -1) {
      throw new IllegalArgumentException(
          "job " + jobNumber + ": processor counts must be -1 (unknown) or more");
    }
  }
}
