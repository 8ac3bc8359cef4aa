package io.jslurm.cli.sinfo;

import io.jslurm.protocol.proto.NodeRecord;
import java.util.Locale;
import java.util.LongSummaryStatistics;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;

/**
 * How sinfo prints a number the nodes of one line may differ in. Without {@code -e} Slurm's sinfo merges nodes
 * whatever their sizes and shows the least followed by {@code +} ({@code 250+}) for CPUs, memory, disk, weight and
 * the socket/core/thread counts, and a {@code least-most} range for loads, free memory and ports; when all nodes
 * agree (always so with {@code -e}) the plain value.
 */
final class GroupNumbers {

    private GroupNumbers() {
    }

    /** The value, or the least with {@code +} when the nodes differ. */
    static String leastPlus(NodeGroup group, ToLongFunction<NodeRecord> value) {
        LongSummaryStatistics bounds = bounds(group, value);
        return bounds.getMin() == bounds.getMax() ? Long.toString(bounds.getMin()) : bounds.getMin() + "+";
    }

    /** The value, or {@code least-most} when the nodes differ. */
    static String range(NodeGroup group, ToLongFunction<NodeRecord> value) {
        LongSummaryStatistics bounds = bounds(group, value);
        return bounds.getMin() == bounds.getMax() ? Long.toString(bounds.getMin())
                : bounds.getMin() + "-" + bounds.getMax();
    }

    private static LongSummaryStatistics bounds(NodeGroup group, ToLongFunction<NodeRecord> value) {
        return group.nodes().stream().mapToLong(value).summaryStatistics();
    }

    /**
     * A range over the nodes that report the value ({@code known}); {@code absent} when none does. Values print
     * with {@code format}.
     */
    static String knownRange(NodeGroup group, Predicate<NodeRecord> known, ToDoubleFunction<NodeRecord> value,
            String format, String absent) {
        double least = Double.POSITIVE_INFINITY;
        double most = Double.NEGATIVE_INFINITY;
        for (NodeRecord node : group.nodes()) {
            if (known.test(node)) {
                double v = value.applyAsDouble(node);
                least = Math.min(least, v);
                most = Math.max(most, v);
            }
        }
        if (least > most) {
            return absent;
        }
        String low = String.format(Locale.ROOT, format, least);
        String high = String.format(Locale.ROOT, format, most);
        return low.equals(high) ? low : low + "-" + high;
    }
}
