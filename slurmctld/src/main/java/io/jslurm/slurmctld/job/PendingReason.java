package io.jslurm.slurmctld.job;

/**
 * Why a job is not running, with the name Slurm prints in {@code squeue}'s NODELIST(REASON) column.
 * {@link #NONE} prints as {@code None}, as Slurm shows for running and finished jobs.
 */
public enum PendingReason {
    NONE("None"),
    PRIORITY("Priority"),
    RESOURCES("Resources"),
    DEPENDENCY("Dependency"),
    DEPENDENCY_NEVER_SATISFIED("DependencyNeverSatisfied"),
    BEGIN_TIME("BeginTime"),
    JOB_HELD_USER("JobHeldUser"),
    JOB_HELD_ADMIN("JobHeldAdmin"),
    JOB_ARRAY_TASK_LIMIT("JobArrayTaskLimit"),
    PARTITION_DOWN("PartitionDown"),
    PARTITION_INACTIVE("PartitionInactive"),
    PARTITION_NODE_LIMIT("PartitionNodeLimit"),
    PARTITION_TIME_LIMIT("PartitionTimeLimit"),
    REQ_NODE_NOT_AVAIL("ReqNodeNotAvail"),
    NODE_DOWN("NodeDown"),
    BAD_CONSTRAINTS("BadConstraints"),
    RESERVATION("Reservation"),
    LICENSES("Licenses"),
    INVALID_ACCOUNT("InvalidAccount"),
    INVALID_QOS("InvalidQOS"),
    QOS_MAX_JOBS_PER_USER_LIMIT("QOSMaxJobsPerUserLimit"),
    ASSOC_GRP_GRES("AssocGrpGRES"),
    PROLOG("Prolog"),
    CLEANING("Cleaning"),
    LAUNCH_FAILED_REQUEUED_HELD("launch_failed_requeued_held"),
    NON_ZERO_EXIT_CODE("NonZeroExitCode"),
    TIME_LIMIT("TimeLimit"),
    OUT_OF_MEMORY("OutOfMemory"),
    SYSTEM_FAILURE("SystemFailure");

    private static final PendingReason[] VALUES = values();

    private final String slurmName;

    PendingReason(String slurmName) {
        this.slurmName = slurmName;
    }

    public String slurmName() {
        return slurmName;
    }

    public static PendingReason parse(String text) {
        for (PendingReason reason : VALUES) {
            if (reason.slurmName.equalsIgnoreCase(text.trim())) {
                return reason;
            }
        }
        throw new IllegalArgumentException("unknown pending reason: " + text);
    }


    @Override
    public String toString() {
        return slurmName;
    }
}
