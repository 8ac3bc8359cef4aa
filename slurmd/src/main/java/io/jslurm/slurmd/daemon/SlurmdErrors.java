package io.jslurm.slurmd.daemon;

/** The Slurm errno values slurmd answers the controller with. */
final class SlurmdErrors {
    /** Slurm's "Duplicate job id": a launch for a job this node already runs. */
    static final int ESLURM_DUPLICATE_JOB_ID = 2011;
    /** Slurm's "Invalid job id specified": a signal for a job this node does not run. */
    static final int ESLURM_INVALID_JOB_ID = 2017;
    /** EINVAL, which Slurm passes through for a signal number that does not exist. */
    static final int EINVAL = 22;
    /** Slurm's "Unable to create job batch directory/script" family: the spool could not be written. */
    static final int ESLURMD_CREATE_BATCH_DIR_ERROR = 4010;
    /** Slurm's "Unable to set up job environment": a request that cannot become a launch. */
    static final int ESLURMD_SETUP_ENVIRONMENT_ERROR = 4014;

    private SlurmdErrors() {
    }
}
