package io.jslurm.slurmdbd.rpc;

import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Whether an event's state is one a {@code states=} filter names. Events keep the node's state as sacctmgr prints
 * it ({@code DOWN*}, {@code DRAIN}, {@code DRNG}...); a filter names states as scontrol and sinfo spell them, so
 * {@code drain} selects drained and draining nodes alike and {@code down} a node down whether it responds or not.
 */
final class EventStates {

    private EventStates() {
    }

    static boolean matches(String stored, Collection<String> wanted) {
        if (wanted.isEmpty()) {
            return true;
        }
        Set<String> names = namesOf(stored);
        return wanted.stream().map(w -> w.strip().toUpperCase(Locale.ROOT)).anyMatch(names::contains);
    }

    private static Set<String> namesOf(String stored) {
        String state = stored.toUpperCase(Locale.ROOT);
        String base = state.endsWith("*") ? state.substring(0, state.length() - 1) : state;
        Set<String> names = new HashSet<>(List.of(state, base));
        names.addAll(switch (base) {
            case "DRAIN" -> List.of("DRAINED");
            case "DRNG" -> List.of("DRAIN", "DRAINING");
            case "FAIL" -> List.of("DRAIN");
            case "FAILG" -> List.of("FAIL", "FAILING", "DRAIN");
            default -> List.<String>of();
        });
        return names;
    }
}
