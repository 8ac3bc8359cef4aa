package io.jslurm.slurmctld.assoc;

import io.jslurm.common.tres.Tres;
import io.jslurm.protocol.proto.DbdAssocRecord;
import io.jslurm.protocol.proto.DbdAssocSnapshot;
import io.jslurm.protocol.proto.DbdQosRecord;
import io.jslurm.protocol.proto.DbdUserRecord;
import io.jslurm.sched.limits.AccountingPolicy;
import io.jslurm.sched.limits.AssocLimits;
import io.jslurm.sched.limits.MinutesLimits;
import io.jslurm.sched.limits.QosLimits;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * One copy of accounting's users, QOS and associations for this cluster, indexed for the questions the
 * controller asks: which association a user submits through, its parents up to root, the QOS it may use and its
 * default, and the limits of each. Immutable; a refresh replaces it whole.
 */
public final class AccountingData {

    /** Slurm creates this QOS with every cluster and uses it where nothing else is said. */
    public static final String NORMAL_QOS = "normal";

    /** Accounting is not configured: nothing is ever enforced. */
    public static final AccountingData EMPTY = new AccountingData(DbdAssocSnapshot.getDefaultInstance(), false, false);

    /**
     * Accounting is configured but slurmdbd has not answered yet and nothing was saved: Slurm's controller does
     * not serve jobs in this state, so a check that needs the associations refuses rather than lets everything by.
     */
    public static final AccountingData AWAITING = new AccountingData(DbdAssocSnapshot.getDefaultInstance(), false,
            true);

    private final DbdAssocSnapshot snapshot;
    private final boolean loaded;
    private final boolean awaited;
    private final Map<String, DbdUserRecord> users = new HashMap<>();
    private final Map<String, DbdQosRecord> qos = new HashMap<>();
    private final Map<Long, DbdAssocRecord> byId = new HashMap<>();
    private final Map<String, DbdAssocRecord> byKey = new HashMap<>();

    private AccountingData(DbdAssocSnapshot snapshot, boolean loaded, boolean awaited) {
        this.snapshot = snapshot;
        this.loaded = loaded;
        this.awaited = awaited;
        snapshot.getUsersList().forEach(u -> users.put(u.getName(), u));
        snapshot.getQosList().forEach(q -> qos.put(q.getName(), q));
        for (DbdAssocRecord a : snapshot.getAssociationsList()) {
            byId.put(Integer.toUnsignedLong(a.getId()), a);
            byKey.put(key(a.getAccount(), a.getUser(), a.getPartition()), a);
        }
    }

    public static AccountingData of(DbdAssocSnapshot snapshot) {
        return new AccountingData(snapshot, true, false);
    }

    /** Whether accounting has ever answered (now or in a saved copy); without it nothing can be enforced. */
    public boolean loaded() {
        return loaded;
    }

    /** Whether this is {@link #AWAITING}: accounting is configured and its first copy has not come yet. */
    public boolean awaited() {
        return awaited;
    }

    public DbdAssocSnapshot snapshot() {
        return snapshot;
    }

    public Optional<DbdUserRecord> user(String name) {
        return Optional.ofNullable(users.get(name));
    }

    public AdminLevel adminLevel(String user) {
        return user(user).map(u -> AdminLevel.parse(u.getAdminLevel())).orElse(AdminLevel.NONE);
    }

    /**
     * The user's default account; where none is marked (the root user sacctmgr creates with a cluster), the
     * account of the user's only association.
     */
    public Optional<String> defaultAccount(String user) {
        Optional<String> marked = user(user).map(DbdUserRecord::getDefaultAccount).filter(a -> !a.isEmpty());
        if (marked.isPresent()) {
            return marked;
        }
        List<String> accounts = byId.values().stream().filter(a -> a.getUser().equals(user))
                .map(DbdAssocRecord::getAccount).distinct().toList();
        return accounts.size() == 1 ? Optional.of(accounts.get(0)) : Optional.empty();
    }

    public boolean qosExists(String name) {
        return qos.containsKey(name);
    }

    /** The user's association in the account, the partition's own one first. */
    public Optional<DbdAssocRecord> association(String user, String account, String partition) {
        DbdAssocRecord specific = byKey.get(key(account, user, partition));
        return Optional.ofNullable(specific != null ? specific : byKey.get(key(account, user, "")));
    }

    /** The association and each parent up to root, by id; the association itself first. */
    public List<Long> chain(DbdAssocRecord assoc) {
        List<Long> chain = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        DbdAssocRecord at = assoc;
        while (at != null && seen.add(at.getAccount() + "/" + at.getUser() + "/" + at.getPartition())) {
            chain.add(Integer.toUnsignedLong(at.getId()));
            String parent = at.getUser().isEmpty() ? at.getParentAccount() : at.getAccount();
            at = parent.isEmpty() ? null : byKey.get(key(parent, "", ""));
        }
        return chain;
    }

    /** QOS usable through the association: the nearest setting up the tree, else "normal". */
    public Set<String> allowedQos(List<Long> chain) {
        for (long id : chain) {
            DbdAssocRecord a = byId.get(id);
            if (a != null && !a.getQos().isBlank()) {
                Set<String> names = new LinkedHashSet<>();
                for (String item : a.getQos().split(",")) {
                    String name = item.strip();
                    if (name.startsWith("-")) {
                        continue;
                    }
                    name = name.startsWith("+") ? name.substring(1) : name;
                    if (!name.isEmpty()) {
                        names.add(name);
                    }
                }
                return names;
            }
        }
        return Set.of(NORMAL_QOS);
    }

    /** As Slurm picks it: the DefaultQOS up the tree, else the only allowed QOS, else "normal". */
    public String defaultQos(List<Long> chain) {
        for (long id : chain) {
            DbdAssocRecord a = byId.get(id);
            if (a != null && !a.getDefaultQos().isEmpty()) {
                return a.getDefaultQos();
            }
        }
        Set<String> allowed = allowedQos(chain);
        return allowed.size() == 1 ? allowed.iterator().next() : NORMAL_QOS;
    }

    public long qosPriority(String name) {
        DbdQosRecord q = qos.get(name);
        return q == null ? 0 : Integer.toUnsignedLong(q.getPriority());
    }

    /** The highest QOS priority: the QOS factor of priority/multifactor is a job's QOS priority over this. */
    public long maxQosPriority() {
        return qos.values().stream().mapToLong(q -> Integer.toUnsignedLong(q.getPriority())).max().orElse(0);
    }

    /** The limits in the scheduler's terms. */
    public AccountingPolicy policy(boolean enforceLimits) {
        Map<String, QosLimits> qosLimits = new HashMap<>();
        for (DbdQosRecord q : qos.values()) {
            qosLimits.put(q.getName(), new QosLimits(q.getName(), Integer.toUnsignedLong(q.getPriority()),
                    q.getFlags().toLowerCase(Locale.ROOT).contains("denyonlimit"), tres(q.getGrpTres()),
                    count(q.hasGrpJobs(), q.getGrpJobs()), count(q.hasGrpSubmitJobs(), q.getGrpSubmitJobs()),
                    count(q.hasMaxJobsPerUser(), q.getMaxJobsPerUser()),
                    count(q.hasMaxSubmitJobsPerUser(), q.getMaxSubmitJobsPerUser()), tres(q.getMaxTresPerJob()),
                    tres(q.getMaxTresPerUser()), wall(q.hasMaxWallMinutes(), q.getMaxWallMinutes()),
                    minutes(q.getGrpTresMins(), q.getMaxTresMinsPerJob(), q.hasGrpWallMinutes(), q.getGrpWallMinutes())));
        }
        Map<Long, AssocLimits> assocLimits = new HashMap<>();
        for (Map.Entry<Long, DbdAssocRecord> e : byId.entrySet()) {
            DbdAssocRecord a = e.getValue();
            assocLimits.put(e.getKey(), new AssocLimits(e.getKey(), a.getAccount(), a.getUser(), tres(a.getGrpTres()),
                    count(a.hasGrpJobs(), a.getGrpJobs()), count(a.hasGrpSubmitJobs(), a.getGrpSubmitJobs()),
                    count(a.hasMaxJobs(), a.getMaxJobs()), count(a.hasMaxSubmitJobs(), a.getMaxSubmitJobs()),
                    tres(a.getMaxTresPerJob()), wall(a.hasMaxWallMinutes(), a.getMaxWallMinutes()),
                    minutes(a.getGrpTresMins(), a.getMaxTresMinsPerJob(), a.hasGrpWallMinutes(), a.getGrpWallMinutes())));
        }
        return new AccountingPolicy(qosLimits, assocLimits, enforceLimits);
    }

    /** slurmdbd stored it after checking; a value it could not have written is treated as no limit. */
    private static Map<String, Long> tres(String text) {
        try {
            return Tres.parse(text).amounts();
        } catch (IllegalArgumentException unreadable) {
            return Map.of();
        }
    }

    private static MinutesLimits minutes(String grpTresMins, String maxTresMins, boolean hasGrpWall, int grpWall) {
        return new MinutesLimits(tres(grpTresMins), tres(maxTresMins), wall(hasGrpWall, grpWall));
    }

    private static OptionalInt count(boolean present, int value) {
        return present && value >= 0 ? OptionalInt.of(value) : OptionalInt.empty();
    }

    private static Optional<Duration> wall(boolean present, int minutes) {
        return present && minutes >= 0 ? Optional.of(Duration.ofMinutes(minutes)) : Optional.empty();
    }

    private static String key(String account, String user, String partition) {
        return account + '\u0000' + user + '\u0000' + partition;
    }
}
