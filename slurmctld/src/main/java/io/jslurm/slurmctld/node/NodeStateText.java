package io.jslurm.slurmctld.node;

/**
 * How Slurm prints a node's state: {@code scontrol show node}'s State= ({@code IDLE}, {@code MIXED+DRAIN},
 * {@code DOWN+NOT_RESPONDING}) and {@code sinfo}'s compact form ({@code idle}, {@code mix}, {@code drain},
 * {@code drng}, {@code down*}).
 */
public record NodeStateText(String scontrol, String sinfoCompact, String sinfoLong) {

    public static NodeStateText of(NodeBaseState base, boolean drain, boolean notResponding, int allocatedCpus,
                                   int cpus) {
        String usage = allocatedCpus == 0 ? "IDLE" : allocatedCpus >= cpus ? "ALLOCATED" : "MIXED";
        String baseName = switch (base) {
            case UNKNOWN -> "UNKNOWN";
            case UP -> usage;
            case DOWN -> "DOWN";
            case FUTURE -> "FUTURE";
        };
        StringBuilder scontrol = new StringBuilder(baseName);
        if (drain) {
            scontrol.append("+DRAIN");
        }
        if (notResponding) {
            scontrol.append("+NOT_RESPONDING");
        }
        String star = notResponding ? "*" : "";
        String compact;
        String longName;
        if (base == NodeBaseState.DOWN) {
            compact = "down";
            longName = "down";
        } else if (drain) {
            boolean busy = allocatedCpus > 0;
            compact = busy ? "drng" : "drain";
            longName = busy ? "draining" : "drained";
        } else {
            compact = switch (baseName) {
                case "IDLE" -> "idle";
                case "MIXED" -> "mix";
                case "ALLOCATED" -> "alloc";
                case "FUTURE" -> "futr";
                default -> "unk";
            };
            longName = baseName.toLowerCase(java.util.Locale.ROOT);
        }
        return new NodeStateText(scontrol.toString(), compact + star, longName + star);
    }
}
