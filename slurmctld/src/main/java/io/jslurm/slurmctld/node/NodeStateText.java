package io.jslurm.slurmctld.node;

/** A node's state as {@code scontrol show node} prints it, for log lines: {@code IDLE}, {@code MIXED+DRAIN}. */
final class NodeStateText {

    private NodeStateText() {
    }

    static String of(NodeBaseState base, boolean drain, boolean notResponding, int allocatedCpus, int cpus) {
        String usage = allocatedCpus == 0 ? "IDLE" : allocatedCpus >= cpus ? "ALLOCATED" : "MIXED";
        String text = switch (base) {
            case UNKNOWN -> "UNKNOWN";
            case UP -> usage;
            case DOWN -> "DOWN";
            case FUTURE -> "FUTURE";
        };
        return text + (drain ? "+DRAIN" : "") + (notResponding ? "+NOT_RESPONDING" : "");
    }
}
