package io.jslurm.slurmctld.resv;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * One advance reservation as the controller keeps it.
 *
 * @param nodes     node names, in slurm.conf order
 * @param partition PartitionName=, empty when not given
 * @param users     Users= as a list; all entries start with '-' for "everyone but these", none do otherwise
 * @param accounts  Accounts=, in the same form
 */
public record Reservation(String name, Instant start, Instant end, List<String> nodes, String partition,
        List<String> users, List<String> accounts, Set<ResvFlag> flags) {

    public Reservation {
        requireNonNull(name, "name");
        requireNonNull(start, "start");
        requireNonNull(end, "end");
        nodes = List.copyOf(nodes);
        requireNonNull(partition, "partition");
        users = List.copyOf(users);
        accounts = List.copyOf(accounts);
        flags = flags.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(flags));
    }

    public boolean has(ResvFlag flag) {
        return flags.contains(flag);
    }

    public boolean activeAt(Instant at) {
        return !at.isBefore(start) && at.isBefore(end);
    }

    /** Whether both windows share a moment. */
    public boolean overlaps(Reservation other) {
        return start.isBefore(other.end) && other.start.isBefore(end);
    }

    /** Whether a job of this user, charged to this account, may run in it. */
    public boolean admits(String user, String account) {
        return (users.isEmpty() || listed(users, user)) && (accounts.isEmpty() || listed(accounts, account));
    }

    private static boolean listed(List<String> list, String name) {
        boolean excluding = list.get(0).startsWith("-");
        boolean named = excluding ? list.contains("-" + name) : list.contains(name);
        return excluding != named;
    }

    /** A DAILY or WEEKLY reservation moved past {@code now}; any other is returned as it is. */
    public Reservation rolledPast(Instant now) {
        Duration period = has(ResvFlag.DAILY) ? Duration.ofDays(1) : has(ResvFlag.WEEKLY) ? Duration.ofDays(7) : null;
        if (period == null || now.isBefore(end)) {
            return this;
        }
        long periods = Duration.between(end, now).dividedBy(period) + 1;
        Duration shift = period.multipliedBy(periods);
        return new Reservation(name, start.plus(shift), end.plus(shift), nodes, partition, users, accounts, flags);
    }

    public Reservation withWindow(Instant newStart, Instant newEnd) {
        return new Reservation(name, newStart, newEnd, nodes, partition, users, accounts, flags);
    }

    public Reservation withNodes(List<String> newNodes) {
        return new Reservation(name, start, end, newNodes, partition, users, accounts, flags);
    }

    public Reservation withAccess(List<String> newUsers, List<String> newAccounts) {
        return new Reservation(name, start, end, nodes, partition, newUsers, newAccounts, flags);
    }

    public Reservation withFlags(Set<ResvFlag> newFlags) {
        return new Reservation(name, start, end, nodes, partition, users, accounts, newFlags);
    }
}
