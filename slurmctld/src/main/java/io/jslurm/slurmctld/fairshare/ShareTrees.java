package io.jslurm.slurmctld.fairshare;

import io.jslurm.sched.fairshare.ShareNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns accounting's flat association list and the controller's usage into the tree the fair-share calculation
 * takes. Usage of a user with no association (jobs run before it was added, or no accounting at all) is kept
 * under its account, created with one share, so that it still counts against its siblings.
 */
public final class ShareTrees {

    private ShareTrees() {
    }

    public static ShareNode build(List<Association> associations, Map<AssocKey, Double> usage) {
        Map<String, Long> accountShares = new LinkedHashMap<>();
        Map<String, String> parents = new HashMap<>();
        Map<String, List<ShareNode>> users = new HashMap<>();
        Set<AssocKey> seen = new HashSet<>();
        accountShares.put("root", 1L);
        for (Association a : associations) {
            if (a.isUser()) {
                AssocKey key = new AssocKey(a.account(), a.user());
                if (seen.add(key)) {
                    users.computeIfAbsent(a.account(), k -> new ArrayList<>())
                            .add(ShareNode.user(a.account(), a.user(), a.shares(), usage.getOrDefault(key, 0.0)));
                }
            } else if (!a.account().equals("root")) {
                accountShares.put(a.account(), a.shares());
                parents.put(a.account(), a.parentAccount().isEmpty() ? "root" : a.parentAccount());
            }
        }
        for (Map.Entry<AssocKey, Double> e : usage.entrySet()) {
            AssocKey key = e.getKey();
            String account = key.account().isEmpty() ? "root" : key.account();
            if (seen.add(new AssocKey(account, key.user()))) {
                users.computeIfAbsent(account, k -> new ArrayList<>())
                        .add(ShareNode.user(account, key.user(), 1, e.getValue()));
                if (!accountShares.containsKey(account)) {
                    accountShares.put(account, 1L);
                    parents.put(account, "root");
                }
            }
        }
        Map<String, List<String>> subAccounts = new HashMap<>();
        for (Map.Entry<String, String> e : parents.entrySet()) {
            // An account whose parent is unknown hangs under root rather than vanishing from the tree.
            String parent = accountShares.containsKey(e.getValue()) ? e.getValue() : "root";
            subAccounts.computeIfAbsent(parent, k -> new ArrayList<>()).add(e.getKey());
        }
        return node("root", accountShares, subAccounts, users, new HashSet<>());
    }

    private static ShareNode node(String account, Map<String, Long> shares, Map<String, List<String>> subAccounts,
                                  Map<String, List<ShareNode>> users, Set<String> visiting) {
        visiting.add(account);
        List<ShareNode> children = new ArrayList<>(users.getOrDefault(account, List.of()));
        for (String child : subAccounts.getOrDefault(account, List.of())) {
            if (!visiting.contains(child)) {
                children.add(node(child, shares, subAccounts, users, visiting));
            }
        }
        return ShareNode.account(account, shares.getOrDefault(account, 1L), children);
    }
}
