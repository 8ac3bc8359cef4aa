package io.jslurm.slurmctld.fairshare;

import java.util.List;
import java.util.Map;

/**
 * What fair share and the priority factors need from accounting: the cluster's associations, each user's default
 * account, and each QOS's priority.
 */
public record AccountingView(List<Association> associations, Map<String, String> defaultAccounts,
        Map<String, Long> qosPriorities) {

    public static final AccountingView EMPTY = new AccountingView(List.of(), Map.of(), Map.of());

    public AccountingView {
        associations = List.copyOf(associations);
        defaultAccounts = Map.copyOf(defaultAccounts);
        qosPriorities = Map.copyOf(qosPriorities);
    }

    /** The account a job is charged to: the one it named, else the user's default account. */
    public String accountOf(String user, String requested) {
        if (!requested.isEmpty()) {
            return requested;
        }
        return defaultAccounts.getOrDefault(user, "");
    }

    public long maxAssocPriority() {
        return associations.stream().mapToLong(Association::priority).max().orElse(0);
    }

    public long maxQosPriority() {
        return qosPriorities.values().stream().mapToLong(Long::longValue).max().orElse(0);
    }
}
