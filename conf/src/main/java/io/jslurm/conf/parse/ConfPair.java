package io.jslurm.conf.parse;

import io.jslurm.conf.Location;
import java.util.Objects;

/** One {@code Key=value} as written; the key keeps the spelling of the file. */
public record ConfPair(String key, String value, Location location) {

    public ConfPair {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(value, "value");
        Objects.requireNonNull(location, "location");
    }
}
