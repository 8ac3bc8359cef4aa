package io.jslurm.slurmctld.resv;

/** The reservation flags jslurm honours, by Slurm's names; stored by name, so their order is free. */
public enum ResvFlag {
    /** Maintenance: jobs kept off its nodes wait with "ReqNodeNotAvail, Reserved for maintenance". */
    MAINT,
    /** Created on nodes that run jobs (they finish; the reservation's jobs wait for the cores). */
    IGNORE_JOBS,
    /** May share nodes and time with other reservations. */
    OVERLAP,
    /** Repeats every day: at its end it moves forward by one day instead of being purged. */
    DAILY,
    /** Repeats every week. */
    WEEKLY,
    /** Its nodes were named (Nodes=), not counted (NodeCnt=). */
    SPEC_NODES,
    /** Nodes=ALL. */
    ALL_NODES
}
