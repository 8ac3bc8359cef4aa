package io.jslurm.cli.submit;

/**
 * What an option's value sets in the submission. The table names a target rather than holding a function so
 * that start-up loads one switch instead of a class per option: sbatch's whole run has a budget of 100 ms.
 */
public enum OptionTarget {
    ACCOUNT, ARRAY, BEGIN, CHDIR, COMMENT, CONSTRAINT, CONTIGUOUS, CPUS_PER_GPU, CPUS_PER_TASK, DEADLINE, DEPENDENCY,
    DISTRIBUTION, ERROR, EXCLUDE, EXCLUSIVE, EXPORT, EXPORT_FILE, GET_USER_ENV, GID, GPU_BIND, GPUS, GPUS_PER_NODE,
    GPUS_PER_TASK, GRES, HOLD, INPUT, JOB_NAME, MAIL_TYPE, MAIL_USER, MEM, MEM_PER_CPU, MEM_PER_GPU, MINCPUS,
    NETWORK, NICE, NO_KILL, NO_REQUEUE, NODELIST, NODES, NTASKS, NTASKS_PER_GPU, NTASKS_PER_NODE, OPEN_MODE, OUTPUT,
    OVERSUBSCRIBE, PARSABLE, PARTITION, PRIORITY, QOS, QUIET, REQUEUE, RESERVATION, SIGNAL, TEST_ONLY, TIME,
    TIME_MIN, TMP, UID, VERBOSE, WAIT, WRAP,
    /** Help, usage and version: the command prints and stops before any value is applied. */
    PRINT,
    /** An option Slurm has and jslurm refuses by name. */
    UNSUPPORTED
}
