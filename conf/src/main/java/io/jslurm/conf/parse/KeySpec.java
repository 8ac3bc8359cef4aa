package io.jslurm.conf.parse;

import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * One key a configuration file may hold: its canonical spelling, value shape, Slurm's default
 * ({@code ""} when there is none), who reads it, and whether this project acts on it yet.
 */
public record KeySpec(String name, ValueType type, String defaultValue, Set<Daemon> daemons,
                      boolean implemented, List<String> aliases) {

    public KeySpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(defaultValue, "defaultValue");
        daemons = Set.copyOf(daemons);
        aliases = List.copyOf(aliases);
    }

    /** A key this project acts on. */
    public static KeySpec used(String name, ValueType type, String defaultValue, Daemon... daemons) {
        return new KeySpec(name, type, defaultValue, Set.of(daemons), true, List.of());
    }

    /** A key Slurm defines that this project does not act on yet. */
    public static KeySpec known(String name, ValueType type, String defaultValue, Daemon... daemons) {
        return new KeySpec(name, type, defaultValue, Set.of(daemons), false, List.of());
    }

    public KeySpec alias(String... names) {
        return new KeySpec(name, type, defaultValue, daemons, implemented, List.of(names));
    }
}
