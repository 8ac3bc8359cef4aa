package io.jslurm.conf;

import java.util.Objects;

/** Where a setting came from: the file as it was named when read, and the 1-based line it starts on. */
public record Location(String file, int line) {

    public Location {
        Objects.requireNonNull(file, "file");
        if (line < 0) {
            throw new IllegalArgumentException("line must not be negative: " + line);
        }
    }

    @Override
    public String toString() {
        return line == 0 ? file : file + ":" + line;
    }
}
