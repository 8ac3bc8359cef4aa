package io.jslurm.conf.parse;

import io.jslurm.conf.Location;
import java.util.List;
import java.util.Objects;

/** A logical line (continuations joined, comment removed) and the pairs on it, in order. */
public record ConfLine(Location location, List<ConfPair> pairs) {

    public ConfLine {
        Objects.requireNonNull(location, "location");
        pairs = List.copyOf(pairs);
        if (pairs.isEmpty()) {
            throw new IllegalArgumentException("a configuration line has at least one pair");
        }
    }

    /** The pairs of all lines in order, for files where every pair is a single setting. */
    public static List<ConfPair> allPairs(List<ConfLine> lines) {
        return lines.stream().flatMap(line -> line.pairs().stream()).toList();
    }

    public ConfPair first() {
        return pairs.get(0);
    }

    public boolean startsWith(String key) {
        return first().key().equalsIgnoreCase(key);
    }
}
