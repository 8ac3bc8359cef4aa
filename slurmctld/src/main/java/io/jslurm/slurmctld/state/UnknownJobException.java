package io.jslurm.slurmctld.state;

/** No job with the given id is in the table (never submitted, or already purged). */
public final class UnknownJobException extends JobStoreException {

    public UnknownJobException(String jobId) {
        super("Invalid job id specified: " + jobId);
    }
}
