package io.jslurm.slurmctld.resv;

import io.jslurm.common.hostlist.Hostlist;
import io.jslurm.protocol.RpcException;
import io.jslurm.slurmctld.rpc.SlurmError;
import io.jslurm.sched.model.AdvanceReservation;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The advance reservations: created, updated and deleted by administrators, read by every pass and by
 * {@code scontrol show reservation}. Each change is saved before it is answered. A reservation that has ended is
 * purged, except a DAILY or WEEKLY one, which moves on to its next window.
 */
public final class ReservationTable implements ReservationLookup {

    private static final Logger log = LoggerFactory.getLogger(ReservationTable.class);

    private final ResvCluster cluster;
    private final ReservationFile file;
    private final InstantSource clock;
    private final Map<String, Reservation> byName = new LinkedHashMap<>();
    private long nextNumber;

    public ReservationTable(ResvCluster cluster, ReservationFile file, InstantSource clock) {
        this.cluster = cluster;
        this.file = file;
        this.clock = clock;
        ReservationFile.Saved saved = file.load();
        saved.reservations().forEach(r -> byName.put(r.name(), r));
        nextNumber = saved.nextNumber();
    }

    /** Every reservation, purged and rolled forward as of now, in creation order. */
    public synchronized List<Reservation> all() {
        expire(clock.instant());
        return List.copyOf(byName.values());
    }

    @Override
    public synchronized Optional<Reservation> find(String name) {
        expire(clock.instant());
        return Optional.ofNullable(byName.get(name));
    }

    /** The reservations as the scheduler sees them. */
    public List<AdvanceReservation> forScheduler() {
        List<AdvanceReservation> out = new ArrayList<>();
        for (Reservation r : all()) {
            out.add(new AdvanceReservation(r.name(), Set.copyOf(r.nodes()), r.start(), r.end(),
                    r.has(ResvFlag.MAINT)));
        }
        return out;
    }

    /** The nodes of the reservations active now, true for those of a MAINT one. */
    public Map<String, Boolean> activeNodes() {
        Instant now = clock.instant();
        Map<String, Boolean> nodes = new java.util.HashMap<>();
        for (Reservation r : all()) {
            if (r.activeAt(now)) {
                r.nodes().forEach(node -> nodes.merge(node, r.has(ResvFlag.MAINT), Boolean::logicalOr));
            }
        }
        return nodes;
    }

    /** @return the new reservation's name */
    public synchronized String create(ResvWords w, String requester) throws RpcException {
        Instant now = clock.instant();
        expire(now);
        List<String> users = w.users().orElse(List.of());
        List<String> accounts = w.accounts().orElse(List.of());
        if (users.isEmpty() && accounts.isEmpty()) {
            throw SlurmError.RESERVATION_EMPTY.exception();
        }
        // A generated name (user_N) is taken only once the request is known to be good.
        String name = w.name().orElse("");
        if (w.name().isPresent() && (name.isBlank() || name.contains("\t") || name.contains(","))) {
            throw SlurmError.RESERVATION_INVALID.exception("ReservationName=" + name);
        }
        if (byName.containsKey(name)) {
            throw SlurmError.RESERVATION_NAME_DUP.exception();
        }
        Instant start = w.start().orElse(now);
        Instant end = end(w, start);
        Set<ResvFlag> flags = EnumSet.noneOf(ResvFlag.class);
        w.flags().ifPresent(flags::addAll);
        String partition = w.partition().orElse("");
        List<String> pool = pool(partition);
        Reservation draft = new Reservation(name, start, end, List.of(), partition, users, accounts, flags);
        List<String> nodes;
        if (w.nodes().isPresent()) {
            nodes = named(w.nodes().get(), pool, flags);
            flags.add(ResvFlag.SPEC_NODES);
        } else if (w.nodeCount().isPresent()) {
            nodes = counted(w.nodeCount().getAsInt(), pool, draft.withFlags(flags));
        } else {
            throw SlurmError.NODE_CONFIG_UNAVAILABLE.exception("give Nodes= or NodeCnt=");
        }
        Reservation created = new Reservation(name, start, end, nodes, partition, users, accounts, flags);
        checkFree(created);
        if (name.isEmpty()) {
            name = generatedName(users, accounts, requester);
            created = new Reservation(name, start, end, nodes, partition, users, accounts, flags);
        }
        byName.put(name, created);
        save();
        log.info("Reservation {} created: {} to {} on {}", name, start, end, String.join(",", nodes));
        return name;
    }

    public synchronized String update(ResvWords w) throws RpcException {
        Instant now = clock.instant();
        expire(now);
        String name = w.name().orElseThrow(() -> SlurmError.RESERVATION_INVALID.exception("no ReservationName given"));
        Reservation old = byName.get(name);
        if (old == null) {
            throw SlurmError.RESERVATION_INVALID.exception();
        }
        Reservation changed = old;
        if (w.start().isPresent() || w.end().isPresent() || w.duration().isPresent()) {
            Instant start = w.start().orElse(old.start());
            Instant end = w.end().isPresent() || w.duration().isPresent() ? end(w, start)
                    : start.plus(java.time.Duration.between(old.start(), old.end()));
            changed = changed.withWindow(start, end);
        }
        if (w.flags().isPresent()) {
            Set<ResvFlag> flags = EnumSet.noneOf(ResvFlag.class);
            flags.addAll(old.flags());
            switch (w.flagsOp()) {
                case '+' -> flags.addAll(w.flags().get());
                case '-' -> flags.removeAll(w.flags().get());
                default -> {
                    flags.retainAll(Set.of(ResvFlag.SPEC_NODES, ResvFlag.ALL_NODES));
                    flags.addAll(w.flags().get());
                }
            }
            changed = changed.withFlags(flags);
        }
        if (w.nodes().isPresent()) {
            Set<ResvFlag> flags = EnumSet.noneOf(ResvFlag.class);
            flags.addAll(changed.flags());
            changed = changed.withNodes(named(w.nodes().get(), pool(changed.partition()), flags)).withFlags(flags);
        } else if (w.nodeCount().isPresent()) {
            changed = changed.withNodes(counted(w.nodeCount().getAsInt(), pool(changed.partition()), changed));
        }
        if (w.users().isPresent() || w.accounts().isPresent()) {
            changed = changed.withAccess(w.users().orElse(changed.users()), w.accounts().orElse(changed.accounts()));
            if (changed.users().isEmpty() && changed.accounts().isEmpty()) {
                throw SlurmError.RESERVATION_EMPTY.exception();
            }
        }
        if (!changed.nodes().equals(old.nodes()) || !changed.start().equals(old.start())
                || !changed.end().equals(old.end())) {
            checkFree(changed);
        }
        byName.put(name, changed);
        save();
        log.info("Reservation {} updated", name);
        return name;
    }

    public synchronized void delete(String name) throws RpcException {
        expire(clock.instant());
        if (byName.remove(name) == null) {
            throw SlurmError.RESERVATION_INVALID.exception();
        }
        save();
        log.info("Reservation {} deleted", name);
    }

    private static Instant end(ResvWords w, Instant start) throws RpcException {
        Instant end = w.end().orElseGet(() -> w.duration().map(start::plus).orElse(null));
        if (end == null) {
            throw SlurmError.INVALID_TIME_VALUE.exception("give Duration= or EndTime=");
        }
        if (!end.isAfter(start)) {
            throw SlurmError.INVALID_TIME_VALUE.exception("EndTime is not after StartTime");
        }
        return end;
    }

    private String generatedName(List<String> users, List<String> accounts, String requester) {
        String base = !users.isEmpty() && !users.get(0).startsWith("-") ? users.get(0)
                : !accounts.isEmpty() && !accounts.get(0).startsWith("-") ? accounts.get(0) : requester;
        String name;
        do {
            name = base + "_" + nextNumber++;
        } while (byName.containsKey(name));
        return name;
    }

    private List<String> pool(String partition) throws RpcException {
        if (partition.isEmpty()) {
            return cluster.nodes();
        }
        return cluster.partitionNodes(partition).orElseThrow(() -> SlurmError.INVALID_PARTITION_NAME.exception(partition));
    }

    private List<String> named(String expression, List<String> pool, Set<ResvFlag> flags) throws RpcException {
        if (expression.equalsIgnoreCase("ALL")) {
            flags.add(ResvFlag.ALL_NODES);
            return pool;
        }
        Set<String> wanted;
        try {
            wanted = new HashSet<>(Hostlist.parse(expression).hosts());
        } catch (IllegalArgumentException bad) {
            throw SlurmError.INVALID_NODE_NAME.exception(expression);
        }
        List<String> known = cluster.nodes();
        for (String node : wanted) {
            if (!known.contains(node)) {
                throw SlurmError.INVALID_NODE_NAME.exception(node);
            }
        }
        return known.stream().filter(wanted::contains).toList();
    }

    /** The first nodes of the pool that neither running jobs (unless allowed) nor other reservations hold. */
    private List<String> counted(int count, List<String> pool, Reservation draft) throws RpcException {
        List<String> chosen = new ArrayList<>();
        for (String node : pool) {
            if (chosen.size() == count) {
                break;
            }
            Reservation one = draft.withNodes(List.of(node));
            if (conflict(one).isEmpty() && (ignoresJobs(draft) || !cluster.busyAt(List.of(node), draft.start()))) {
                chosen.add(node);
            }
        }
        if (chosen.size() < count) {
            throw SlurmError.NODES_BUSY.exception();
        }
        return chosen;
    }

    private static boolean ignoresJobs(Reservation r) {
        return r.has(ResvFlag.IGNORE_JOBS) || r.has(ResvFlag.MAINT);
    }

    private void checkFree(Reservation r) throws RpcException {
        if (conflict(r).isPresent()) {
            throw SlurmError.RESERVATION_OVERLAP.exception();
        }
        if (!ignoresJobs(r) && cluster.busyAt(r.nodes(), r.start())) {
            throw SlurmError.NODES_BUSY.exception();
        }
    }

    /** Another reservation sharing a node and a moment with this one, where neither may overlap. */
    private Optional<Reservation> conflict(Reservation r) {
        if (r.has(ResvFlag.OVERLAP) || r.has(ResvFlag.MAINT)) {
            return Optional.empty();
        }
        for (Reservation other : byName.values()) {
            if (!other.name().equals(r.name()) && !other.has(ResvFlag.OVERLAP) && other.overlaps(r)
                    && other.nodes().stream().anyMatch(r.nodes()::contains)) {
                return Optional.of(other);
            }
        }
        return Optional.empty();
    }

    /** Ended reservations go, repeating ones move on; saved when anything changed. */
    private void expire(Instant now) {
        boolean changed = false;
        for (Reservation r : List.copyOf(byName.values())) {
            if (now.isBefore(r.end())) {
                continue;
            }
            Reservation rolled = r.rolledPast(now);
            if (rolled == r) {
                byName.remove(r.name());
                log.info("Reservation {} ended at {} and is purged", r.name(), r.end());
            } else {
                byName.put(r.name(), rolled);
                log.info("Reservation {} repeats: next window {} to {}", r.name(), rolled.start(), rolled.end());
            }
            changed = true;
        }
        if (changed) {
            save();
        }
    }

    private void save() {
        file.save(new ReservationFile.Saved(List.copyOf(byName.values()), nextNumber));
    }

    /** Cores of the reservation's nodes: CoreCnt and TRES=cpu in scontrol show reservation. */
    public int cores(Reservation r) {
        return r.nodes().stream().mapToInt(cluster::cores).sum();
    }
}
