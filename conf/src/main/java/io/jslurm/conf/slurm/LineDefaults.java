package io.jslurm.conf.slurm;

import io.jslurm.conf.Diagnostics;
import io.jslurm.conf.parse.ConfLine;
import io.jslurm.conf.parse.ConfPair;
import io.jslurm.conf.parse.KeyTable;
import io.jslurm.conf.parse.KeyValues;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code NodeName=DEFAULT} / {@code PartitionName=DEFAULT}: values on such a line apply to every later
 * line of the same kind that does not set them itself; a later DEFAULT line adds to or replaces them.
 */
final class LineDefaults {

    static final String DEFAULT = "DEFAULT";

    private final KeyTable table;
    private final String nameKey;
    private final Map<String, ConfPair> defaults = new LinkedHashMap<>();

    LineDefaults(KeyTable table, String nameKey) {
        this.table = table;
        this.nameKey = nameKey;
    }

    /** Empty for a DEFAULT line (its values are remembered), else the line's values over the defaults. */
    Optional<KeyValues> apply(ConfLine line, Diagnostics diagnostics) {
        KeyValues own = KeyValues.of(table, line.pairs(), Set.of(), diagnostics, line.location());
        if (line.first().value().equalsIgnoreCase(DEFAULT)) {
            Map<String, ConfPair> pairs = own.lastPairs();
            pairs.remove(nameKey);
            defaults.putAll(pairs);
            return Optional.empty();
        }
        return Optional.of(own.withDefaults(defaults));
    }
}
