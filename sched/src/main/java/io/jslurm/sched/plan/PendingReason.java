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
    BAD_CONSTRAINTS("BadConstraints"),
    // QOS and association limits (AccountingStorageEnforce=limits), by the TRES they count
    QOS_GRP_CPU("QOSGrpCpuLimit"),
    QOS_GRP_MEM("QOSGrpMemLimit"),
    QOS_GRP_NODE("QOSGrpNodeLimit"),
    QOS_GRP_GRES("QOSGrpGRES"),
    QOS_GRP_BILLING("QOSGrpBilling"),
    QOS_GRP_UNKNOWN("QOSGrpUnknown"),
    QOS_GRP_JOBS("QOSGrpJobsLimit"),
    QOS_MAX_CPU_PER_JOB("QOSMaxCpuPerJobLimit"),
    QOS_MAX_MEM_PER_JOB("QOSMaxMemoryPerJob"),
    QOS_MAX_NODE_PER_JOB("QOSMaxNodePerJobLimit"),
    QOS_MAX_GRES_PER_JOB("QOSMaxGRESPerJob"),
    QOS_MAX_BILLING_PER_JOB("QOSMaxBillingPerJob"),
    QOS_MAX_UNKNOWN_PER_JOB("QOSMaxUnknownPerJob"),
    QOS_MAX_CPU_PER_USER("QOSMaxCpuPerUserLimit"),
    QOS_MAX_MEM_PER_USER("QOSMaxMemoryPerUser"),
    QOS_MAX_NODE_PER_USER("QOSMaxNodePerUserLimit"),
    QOS_MAX_GRES_PER_USER("QOSMaxGRESPerUser"),
    QOS_MAX_BILLING_PER_USER("QOSMaxBillingPerUser"),
    QOS_MAX_UNKNOWN_PER_USER("QOSMaxUnknownPerUser"),
    QOS_MAX_JOBS_PER_USER("QOSMaxJobsPerUserLimit"),
    QOS_MAX_WALL_PER_JOB("QOSMaxWallDurationPerJobLimit"),
    ASSOC_GRP_CPU("AssocGrpCpuLimit"),
    ASSOC_GRP_MEM("AssocGrpMemLimit"),
    ASSOC_GRP_NODE("AssocGrpNodeLimit"),
    ASSOC_GRP_GRES("AssocGrpGRES"),
    ASSOC_GRP_BILLING("AssocGrpBilling"),
    ASSOC_GRP_UNKNOWN("AssocGrpUnknown"),
    ASSOC_GRP_JOBS("AssocGrpJobsLimit"),
    ASSOC_MAX_CPU_PER_JOB("AssocMaxCpuPerJobLimit"),
    ASSOC_MAX_MEM_PER_JOB("AssocMaxMemPerJob"),
    ASSOC_MAX_NODE_PER_JOB("AssocMaxNodePerJobLimit"),
    ASSOC_MAX_GRES_PER_JOB("AssocMaxGRESPerJob"),
    ASSOC_MAX_BILLING_PER_JOB("AssocMaxBillingPerJob"),
    ASSOC_MAX_UNKNOWN_PER_JOB("AssocMaxUnknownPerJob"),
    ASSOC_MAX_JOBS("AssocMaxJobsLimit"),
    ASSOC_MAX_WALL_PER_JOB("AssocMaxWallDurationPerJobLimit"),
    // Time-weighted limits: TRES-minutes (GrpTRESMins, MaxTRESMins) and GrpWall
    QOS_GRP_CPU_MIN("QOSGrpCPUMinutesLimit"),
    QOS_GRP_MEM_MIN("QOSGrpMemoryMinutes"),
    QOS_GRP_NODE_MIN("QOSGrpNodeMinutes"),
    QOS_GRP_GRES_MIN("QOSGrpGRESMinutes"),
    QOS_GRP_BILLING_MIN("QOSGrpBillingMinutes"),
    QOS_GRP_UNKNOWN_MIN("QOSGrpUnknownMinutes"),
    QOS_MAX_CPU_MINS_PER_JOB("QOSMaxCpuMinutesPerJobLimit"),
    QOS_MAX_MEM_MINS_PER_JOB("QOSMaxMemoryMinutesPerJob"),
    QOS_MAX_NODE_MINS_PER_JOB("QOSMaxNodeMinutesPerJob"),
    QOS_MAX_GRES_MINS_PER_JOB("QOSMaxGRESMinutesPerJob"),
    QOS_MAX_BILLING_MINS_PER_JOB("QOSMaxBillingMinutesPerJob"),
    QOS_MAX_UNKNOWN_MINS_PER_JOB("QOSMaxUnknownMinutesPerJob"),
    QOS_GRP_WALL("QOSGrpWallLimit"),
    ASSOC_GRP_CPU_MIN("AssocGrpCPUMinutesLimit"),
    ASSOC_GRP_MEM_MIN("AssocGrpMemMinutes"),
    ASSOC_GRP_NODE_MIN("AssocGrpNodeMinutes"),
    ASSOC_GRP_GRES_MIN("AssocGrpGRESMinutes"),
    ASSOC_GRP_BILLING_MIN("AssocGrpBillingMinutes"),
    ASSOC_GRP_UNKNOWN_MIN("AssocGrpUnknownMinutes"),
    ASSOC_MAX_CPU_MINS_PER_JOB("AssocMaxCpuMinutesPerJobLimit"),
    ASSOC_MAX_MEM_MINS_PER_JOB("AssocMaxMemMinutesPerJob"),
    ASSOC_MAX_NODE_MINS_PER_JOB("AssocMaxNodeMinutesPerJob"),
    ASSOC_MAX_GRES_MINS_PER_JOB("AssocMaxGRESMinutesPerJob"),
    ASSOC_MAX_BILLING_MINS_PER_JOB("AssocMaxBillingMinutesPerJob"),
    ASSOC_MAX_UNKNOWN_MINS_PER_JOB("AssocMaxUnknownMinutesPerJob"),
    ASSOC_GRP_WALL("AssocGrpWallLimit"),
    // Advance reservations: a --reservation job outside its window, and a job kept off a MAINT reservation's nodes
    RESERVATION("Reservation"),
    RESERVED_FOR_MAINTENANCE("ReqNodeNotAvail, Reserved for maintenance");

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
