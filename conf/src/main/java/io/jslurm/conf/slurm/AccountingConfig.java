package io.jslurm.conf.slurm;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Where slurmctld sends accounting, which TRES it records, and which limits it enforces.
 *
 * @param tres TRES recorded beyond the default ones, by normalized name ({@code gres/gpu})
 */
public record AccountingConfig(AccountingStoragePlugin type, Optional<String> host, int port, List<String> tres,
                               Set<AccountingEnforce> enforce) {

    public AccountingConfig {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(host, "host");
        tres = List.copyOf(tres);
        enforce = Set.copyOf(enforce);
    }
}
