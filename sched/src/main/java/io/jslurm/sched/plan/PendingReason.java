package io.jslurm.sched.plan;

/** Why a job is still pending, with the name squeue prints in its REASON column. */
public enum PendingReason {
    PRIORITY("Priority"),
    RESOURCES("Resources"),
    PARTITION_TIME_LIMIT("PartitionTimeLimit"),
    PARTITION_NODE_LIMIT("PartitionNodeLimit"),
    PARTITION_DOWN("PartitionDown"),
    PARTITION_INACTIVE("PartitionInactive"),
    PARTITION_CONFIG("PartitionConfig"),
    REQ_NODE_NOT_AVAIL("ReqNodeNotAvail"),
    BEGIN_TIME("BeginTime"),
    DEPENDENCY("Dependency"),
    DEPENDENCY_NEVER_SATISFIED("DependencyNeverSatisfied"),
    JOB_HELD_USER("JobHeldUser"),
    JOB_HELD_ADMIN("JobHeldAdmin"),
    BAD_CONSTRAINTS("BadConstraints");

    private final String slurmName;

    PendingReason(String slurmName) {
        this.slurmName = slurmName;
    }

    public String slurmName() {
        return slurmName;
    }

    @Override
    public String toString() {
        return slurmName;
    }
}
