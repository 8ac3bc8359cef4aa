package io.jslurm.sched.limits;

import io.jslurm.sched.plan.PendingReason;

/** Slurm's reason name for each limit: the kind of limit, where it is set, and the TRES it counts. */
final class LimitReasons {

    enum Kind { GRP, MAX_PER_JOB, MAX_PER_USER, GRP_MINS, MAX_MINS_PER_JOB }

    private LimitReasons() {
    }

    static PendingReason qos(Kind kind, String tres) {
        return switch (kind) {
            case GRP -> pick(tres, PendingReason.QOS_GRP_CPU, PendingReason.QOS_GRP_MEM, PendingReason.QOS_GRP_NODE,
                    PendingReason.QOS_GRP_GRES, PendingReason.QOS_GRP_BILLING, PendingReason.QOS_GRP_UNKNOWN);
            case MAX_PER_JOB -> pick(tres, PendingReason.QOS_MAX_CPU_PER_JOB, PendingReason.QOS_MAX_MEM_PER_JOB,
                    PendingReason.QOS_MAX_NODE_PER_JOB, PendingReason.QOS_MAX_GRES_PER_JOB,
                    PendingReason.QOS_MAX_BILLING_PER_JOB, PendingReason.QOS_MAX_UNKNOWN_PER_JOB);
            case MAX_PER_USER -> pick(tres, PendingReason.QOS_MAX_CPU_PER_USER, PendingReason.QOS_MAX_MEM_PER_USER,
                    PendingReason.QOS_MAX_NODE_PER_USER, PendingReason.QOS_MAX_GRES_PER_USER,
                    PendingReason.QOS_MAX_BILLING_PER_USER, PendingReason.QOS_MAX_UNKNOWN_PER_USER);
            case GRP_MINS -> pick(tres, PendingReason.QOS_GRP_CPU_MIN, PendingReason.QOS_GRP_MEM_MIN,
                    PendingReason.QOS_GRP_NODE_MIN, PendingReason.QOS_GRP_GRES_MIN, PendingReason.QOS_GRP_BILLING_MIN,
                    PendingReason.QOS_GRP_UNKNOWN_MIN);
            case MAX_MINS_PER_JOB -> pick(tres, PendingReason.QOS_MAX_CPU_MINS_PER_JOB,
                    PendingReason.QOS_MAX_MEM_MINS_PER_JOB, PendingReason.QOS_MAX_NODE_MINS_PER_JOB,
                    PendingReason.QOS_MAX_GRES_MINS_PER_JOB, PendingReason.QOS_MAX_BILLING_MINS_PER_JOB,
                    PendingReason.QOS_MAX_UNKNOWN_MINS_PER_JOB);
        };
    }

    static PendingReason assoc(Kind kind, String tres) {
        return switch (kind) {
            case GRP -> pick(tres, PendingReason.ASSOC_GRP_CPU, PendingReason.ASSOC_GRP_MEM,
                    PendingReason.ASSOC_GRP_NODE, PendingReason.ASSOC_GRP_GRES, PendingReason.ASSOC_GRP_BILLING,
                    PendingReason.ASSOC_GRP_UNKNOWN);
            case MAX_PER_JOB, MAX_PER_USER -> pick(tres, PendingReason.ASSOC_MAX_CPU_PER_JOB,
                    PendingReason.ASSOC_MAX_MEM_PER_JOB, PendingReason.ASSOC_MAX_NODE_PER_JOB,
                    PendingReason.ASSOC_MAX_GRES_PER_JOB, PendingReason.ASSOC_MAX_BILLING_PER_JOB,
                    PendingReason.ASSOC_MAX_UNKNOWN_PER_JOB);
            case GRP_MINS -> pick(tres, PendingReason.ASSOC_GRP_CPU_MIN, PendingReason.ASSOC_GRP_MEM_MIN,
                    PendingReason.ASSOC_GRP_NODE_MIN, PendingReason.ASSOC_GRP_GRES_MIN,
                    PendingReason.ASSOC_GRP_BILLING_MIN, PendingReason.ASSOC_GRP_UNKNOWN_MIN);
            case MAX_MINS_PER_JOB -> pick(tres, PendingReason.ASSOC_MAX_CPU_MINS_PER_JOB,
                    PendingReason.ASSOC_MAX_MEM_MINS_PER_JOB, PendingReason.ASSOC_MAX_NODE_MINS_PER_JOB,
                    PendingReason.ASSOC_MAX_GRES_MINS_PER_JOB, PendingReason.ASSOC_MAX_BILLING_MINS_PER_JOB,
                    PendingReason.ASSOC_MAX_UNKNOWN_MINS_PER_JOB);
        };
    }

    private static PendingReason pick(String tres, PendingReason cpu, PendingReason mem, PendingReason node,
                                      PendingReason gres, PendingReason billing, PendingReason unknown) {
        if (tres.startsWith("gres/")) {
            return gres;
        }
        return switch (tres) {
            case "cpu" -> cpu;
            case "mem" -> mem;
            case "node" -> node;
            case "billing" -> billing;
            default -> unknown;
        };
    }
}
