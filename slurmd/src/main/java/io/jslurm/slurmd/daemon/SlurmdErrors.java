package io.jslurm.slurmd.daemon;

/** The Slurm errno values slurmd answers the controller with. */
final class SlurmdErrors {
    /** Slurm's "Duplicate job id": a launch for a job this node already runs. */
    static final int ESLURM_DUPLICATE_JOB_ID = 2011;
    /** Slurm's "Invalid job id specified": a signal for a job this node does not run. */
    static final int ESLURM_INVALID_JOB_ID = 2017;
    /** Slurm's "Invalid node name specified": a launch addressed to another node. */
    static final int ESLURM_INVALID_NODE_NAME = 2018;
    /** EINVAL, which Slurm passes through for a signal number that does not exist. */
    static final int EINVAL = 22;
    static final int ESLURM_AUTH_CRED_INVALID = 6000;
    /** Slurm's "Unable to create job batch directory/script" family: the spool could not be written. */
    static final int ESLURMD_CREATE_BATCH_DIR_ERROR = 4008;
    /** Slurm's "Unable to set up job environment": a request that cannot become a launch. */
    static final int ESLURMD_SETUP_ENVIRONMENT_ERROR = 4012;
    /** Slurm's "Job credential ... user not found": the job's user is unknown on this node. */
    static final int ESLURMD_UID_NOT_FOUND = 4004;

    private SlurmdErrors() {
    }
}
