package io.jslurm.cli.nodes;

import io.jslurm.protocol.proto.NodeRecord;
import io.jslurm.protocol.proto.NodeState;
import io.jslurm.protocol.proto.NodeStateFlag;
import java.util.List;
import java.util.Locale;

/**
 * Node state names as sinfo ({@code idle}, {@code drng}, {@code down*}) and scontrol ({@code IDLE+DRAIN})
 * print them. A drained node that still runs jobs is draining; one that does not is drained.
 */
public final class NodeStates {

    private NodeStates() {
    }

    /** The long name sinfo's {@code %T} prints, upper case, with the responsiveness suffix. */
    public static String longName(NodeRecord node) {
        return name(node, false) + suffix(node);
    }

    /** The compact name sinfo's {@code %t} prints, lower case, with the suffix. */
    public static String compactName(NodeRecord node) {
        return name(node, true) + suffix(node);
    }

    private static String name(NodeRecord node, boolean compact) {
        List<NodeStateFlag> flags = node.getStateFlagsList();
        boolean busy = node.getState() == NodeState.NODE_ALLOCATED || node.getState() == NodeState.NODE_MIXED;
        if (flags.contains(NodeStateFlag.NODE_FLAG_MAINTENANCE)) {
            return compact ? "maint" : "MAINT";
        }
        if (flags.contains(NodeStateFlag.NODE_FLAG_DRAIN)) {
            if (busy || flags.contains(NodeStateFlag.NODE_FLAG_COMPLETING)) {
                return compact ? "drng" : "DRAINING";
            }
            return compact ? "drain" : "DRAINED";
        }
        if (flags.contains(NodeStateFlag.NODE_FLAG_FAIL)) {
            return busy ? (compact ? "failg" : "FAILING") : (compact ? "fail" : "FAIL");
        }
        if (flags.contains(NodeStateFlag.NODE_FLAG_INVALID_REG)) {
            return compact ? "inval" : "INVAL";
        }
        if (flags.contains(NodeStateFlag.NODE_FLAG_COMPLETING)) {
            return compact ? "comp" : "COMPLETING";
        }
        if (flags.contains(NodeStateFlag.NODE_FLAG_PLANNED) && node.getState() == NodeState.NODE_IDLE) {
            return compact ? "plnd" : "PLANNED";
        }
        if (flags.contains(NodeStateFlag.NODE_FLAG_RESERVED) && node.getState() == NodeState.NODE_IDLE) {
            return compact ? "resv" : "RESERVED";
        }
        return compact ? baseCompact(node.getState()) : baseName(node.getState());
    }

    public static String baseName(NodeState state) {
        return switch (state) {
            case NODE_DOWN -> "DOWN";
            case NODE_IDLE -> "IDLE";
            case NODE_ALLOCATED -> "ALLOCATED";
            case NODE_ERROR -> "ERROR";
            case NODE_MIXED -> "MIXED";
            case NODE_FUTURE -> "FUTURE";
            default -> "UNKNOWN";
        };
    }

    private static String baseCompact(NodeState state) {
        return switch (state) {
            case NODE_DOWN -> "down";
            case NODE_IDLE -> "idle";
            case NODE_ALLOCATED -> "alloc";
            case NODE_ERROR -> "err";
            case NODE_MIXED -> "mix";
            case NODE_FUTURE -> "futr";
            default -> "unk";
        };
    }

    /** One mark for the most important of the node's conditions, as sinfo adds it. */
    private static String suffix(NodeRecord node) {
        List<NodeStateFlag> flags = node.getStateFlagsList();
        if (flags.contains(NodeStateFlag.NODE_FLAG_NOT_RESPONDING)) {
            return "*";
        }
        if (flags.contains(NodeStateFlag.NODE_FLAG_POWERED_DOWN)) {
            return "~";
        }
        if (flags.contains(NodeStateFlag.NODE_FLAG_POWERING_UP)) {
            return "#";
        }
        if (flags.contains(NodeStateFlag.NODE_FLAG_POWERING_DOWN)) {
            return "%";
        }
        if (flags.contains(NodeStateFlag.NODE_FLAG_REBOOT_ISSUED)) {
            return "^";
        }
        if (flags.contains(NodeStateFlag.NODE_FLAG_REBOOT_REQUESTED)) {
            return "@";
        }
        if (flags.contains(NodeStateFlag.NODE_FLAG_PLANNED)) {
            return "-";
        }
        return "";
    }

    /** scontrol's {@code State=}: the base state, then each flag ({@code IDLE+DRAIN}). */
    public static String complete(NodeRecord node) {
        StringBuilder text = new StringBuilder(baseName(node.getState()));
        if (node.getStateFlagsList().contains(NodeStateFlag.NODE_FLAG_NOT_RESPONDING)) {
            text.append('*');
        }
        for (NodeStateFlag flag : node.getStateFlagsList()) {
            if (flag != NodeStateFlag.NODE_FLAG_NOT_RESPONDING) {
                text.append('+').append(flagName(flag));
            }
        }
        return text.toString();
    }

    /** Base state then flag names, as JSON's {@code state} list has them. */
    public static List<String> all(NodeRecord node) {
        List<String> names = new java.util.ArrayList<>();
        names.add(baseName(node.getState()));
        node.getStateFlagsList().forEach(flag -> names.add(flagName(flag)));
        return names;
    }

    public static String flagName(NodeStateFlag flag) {
        return switch (flag) {
            case NODE_FLAG_MAINTENANCE -> "MAINTENANCE";
            case NODE_FLAG_INVALID_REG -> "INVALID_REG";
            default -> flag.name().substring("NODE_FLAG_".length());
        };
    }

    /** Whether a {@code -t} word (long or compact name, or a flag, any case) names this node's state. */
    public static boolean matches(String word, NodeRecord node) {
        String lower = word.toLowerCase(Locale.ROOT);
        if (lower.equals("all")) {
            return true;
        }
        String compact = name(node, true);
        String longName = name(node, false).toLowerCase(Locale.ROOT);
        if (lower.equals(compact) || lower.equals(longName) || lower.equals(baseName(node.getState()).toLowerCase(Locale.ROOT))
                || lower.equals(baseCompact(node.getState()))) {
            return true;
        }
        for (NodeStateFlag flag : node.getStateFlagsList()) {
            String flagWord = flagName(flag).toLowerCase(Locale.ROOT);
            if (lower.equals(flagWord) || (lower.equals("drain") && flag == NodeStateFlag.NODE_FLAG_DRAIN)
                    || (lower.equals("no_respond") && flag == NodeStateFlag.NODE_FLAG_NOT_RESPONDING)) {
                return true;
            }
        }
        return false;
    }

    /** The words {@code -t} accepts; anything else is refused. */
    public static boolean isStateWord(String word) {
        return List.of("all", "alloc", "allocated", "cloud", "comp", "completing", "down", "drain", "drained",
                "draining", "drng", "err", "error", "fail", "failing", "failg", "future", "futr", "idle", "maint",
                "mix", "mixed", "no_respond", "not_responding", "npc", "perfctrs", "planned", "plnd", "power_down",
                "powered_down", "powering_down", "powering_up", "reboot", "reboot_requested", "reboot_issued",
                "resv", "reserved", "unk", "unknown", "inval", "invalid_reg", "dynamic")
                .contains(word.toLowerCase(Locale.ROOT));
    }
}
