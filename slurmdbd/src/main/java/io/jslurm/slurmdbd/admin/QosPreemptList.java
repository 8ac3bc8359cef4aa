package io.jslurm.slurmdbd.admin;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A QOS's Preempt= list: sacctmgr names the QOS, the table keeps their ids (as Slurm does, so a renamed or
 * re-created QOS is not confused with an old one) and shows names again. {@code Preempt=a,b} replaces the list,
 * {@code Preempt+=a} or {@code Preempt=+a} adds, {@code Preempt-=a} or {@code Preempt=-a} removes, and an empty
 * value clears it.
 */
public final class QosPreemptList {

    /** The setting keys that change the list; sacctmgr's {@code +=} and {@code -=} arrive as a key ending in + or -. */
    static final Set<String> KEYS = Set.of("preempt", "preempt+", "preempt-");

    private static final List<String> MODES = List.of("OFF", "GANG", "CANCEL", "REQUEUE", "SUSPEND", "WITHIN");

    private QosPreemptList() {
    }

    /**
     * The ids to store after applying {@code key=value} to the {@code current} ids.
     *
     * @param self      the id of the QOS being changed: a QOS cannot preempt itself
     * @param idsByName the live QOS
     */
    static String apply(String key, String value, String current, long self, Map<String, Long> idsByName)
            throws AdminException {
        String trimmed = value.strip();
        boolean replace = key.equals("preempt") && !trimmed.startsWith("+") && !trimmed.startsWith("-");
        Set<Long> ids = replace ? new LinkedHashSet<>() : new LinkedHashSet<>(parse(current));
        if (trimmed.isEmpty() || trimmed.equals("''") || trimmed.equals("-1")) {
            return replace ? "" : join(ids);
        }
        for (String item : trimmed.split(",")) {
            String name = item.strip();
            boolean remove = key.equals("preempt-") || name.startsWith("-");
            name = name.startsWith("+") || name.startsWith("-") ? name.substring(1) : name;
            if (name.isEmpty()) {
                continue;
            }
            Long id = idsByName.get(name);
            if (id == null) {
                throw new AdminException("You gave a bad qos '" + name + "'.  Use 'list qos' to get complete list.");
            }
            if (remove) {
                ids.remove(id);
            } else if (id == self) {
                throw new AdminException("QOS '" + name + "' can't preempt itself");
            } else {
                ids.add(id);
            }
        }
        return join(ids);
    }

    /** The stored ids as names, in id order as sacctmgr lists them; ids of deleted QOS are left out. */
    public static List<String> names(String stored, Map<Long, String> namesById) {
        List<String> names = new ArrayList<>();
        parse(stored).stream().sorted().map(namesById::get).filter(n -> n != null).forEach(names::add);
        return names;
    }

    /** The stored ids without {@code id}. */
    static String without(String stored, long id) {
        Set<Long> ids = new LinkedHashSet<>(parse(stored));
        ids.remove(id);
        return join(ids);
    }

    /**
     * PreemptMode as stored: Slurm's names joined by commas; OFF, -1 or nothing mean the cluster's PreemptMode.
     */
    static String mode(String value) throws AdminException {
        String trimmed = value.strip();
        if (trimmed.isEmpty() || trimmed.equals("-1") || trimmed.equals("''")) {
            return "OFF";
        }
        Set<String> given = new LinkedHashSet<>();
        for (String item : trimmed.split(",")) {
            String mode = item.strip().toUpperCase(Locale.ROOT);
            if (!MODES.contains(mode)) {
                throw new AdminException("Invalid PreemptMode: " + value);
            }
            given.add(mode);
        }
        // stored in the order Slurm prints a mode list in (GANG,SUSPEND), whatever order it was typed in
        List<String> modes = MODES.stream().filter(given::contains).toList();
        if (modes.contains("OFF") && modes.size() > 1) {
            throw new AdminException("Invalid PreemptMode: " + value + " (OFF cannot be combined)");
        }
        if (modes.stream().filter(m -> List.of("CANCEL", "REQUEUE", "SUSPEND").contains(m)).count() > 1) {
            throw new AdminException("Invalid PreemptMode: " + value + " (only one of CANCEL, REQUEUE and SUSPEND)");
        }
        return String.join(",", modes);
    }

    /** PreemptMode as sacctmgr shows it: "cluster" where the QOS has none of its own. */
    static String showMode(Object stored) {
        return stored == null || stored.toString().isEmpty() || stored.toString().equals("OFF") ? "cluster"
                : stored.toString();
    }

    private static List<Long> parse(String stored) {
        List<Long> ids = new ArrayList<>();
        for (String item : stored.split(",")) {
            String id = item.strip();
            if (!id.isEmpty()) {
                try {
                    ids.add(Long.valueOf(id));
                } catch (NumberFormatException written) {
                    // a value written before lists were kept as ids; it names nothing this code can resolve
                }
            }
        }
        return ids;
    }

    private static String join(Set<Long> ids) {
        return ids.stream().map(String::valueOf).collect(Collectors.joining(","));
    }
}
