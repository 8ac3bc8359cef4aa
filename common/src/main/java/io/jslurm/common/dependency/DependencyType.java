package io.jslurm.common.dependency;

import java.util.Locale;
import java.util.Optional;

/** The kinds of {@code --dependency} condition, by the names Slurm uses. */
public enum DependencyType {
    AFTER, AFTERANY, AFTERBURSTBUFFER, AFTERCORR, AFTERNOTOK, AFTEROK, SINGLETON;

    public String slurmName() {
        return name().toLowerCase(Locale.ROOT);
    }

    static Optional<DependencyType> byName(String name) {
        for (DependencyType type : values()) {
            if (type.slurmName().equals(name.toLowerCase(Locale.ROOT))) {
                return Optional.of(type);
            }
        }
        return Optional.empty();
    }
}
