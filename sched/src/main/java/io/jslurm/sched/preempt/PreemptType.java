package io.jslurm.sched.preempt;

/** slurm.conf PreemptType: which relation decides who may preempt whom. */
public enum PreemptType {
    /** preempt/none: no job preempts another. */
    NONE,
    /** preempt/partition_prio: a job in a partition of higher PriorityTier preempts jobs of lower tiers. */
    PARTITION_PRIO,
    /** preempt/qos: a job preempts the jobs whose QOS its QOS lists in Preempt=. */
    QOS
}
