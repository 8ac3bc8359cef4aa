package io.jslurm.slurmctld.state;

/** The job store could not do what was asked; if it could not make a change durable, it accepts no more. */
public class JobStoreException extends RuntimeException {

    public JobStoreException(String message) {
        super(message);
    }

    public JobStoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
