package io.jslurm.slurmdbd.usage;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * CPU-seconds of a cluster in some period, split as sreport's cluster utilization splits them: reported is
 * the capacity, of which allocated, down, planned down, idle and planned (reserved) are parts; over-committed
 * is allocation beyond the capacity. {@code byUser} holds each user and account's allocated CPU-seconds.
 */
public record Usage(long allocated, long down, long plannedDown, long idle, long planned, long overCommitted,
                    long reported, Map<UserAccount, Long> byUser) {

    public static final Usage NONE = new Usage(0, 0, 0, 0, 0, 0, 0, Map.of());

    public Usage {
        byUser = Map.copyOf(Objects.requireNonNull(byUser, "byUser"));
    }

    public Usage plus(Usage other) {
        Map<UserAccount, Long> users = new HashMap<>(byUser);
        other.byUser.forEach((who, secs) -> users.merge(who, secs, Long::sum));
        return new Usage(allocated + other.allocated, down + other.down, plannedDown + other.plannedDown,
                idle + other.idle, planned + other.planned, overCommitted + other.overCommitted,
                reported + other.reported, users);
    }
}
