package io.jslurm.slurmctld.assoc;

import io.jslurm.conf.slurm.AccountingStoragePlugin;
import io.jslurm.conf.slurm.SlurmConfig;
import io.jslurm.protocol.auth.AuthMethods;
import io.jslurm.protocol.auth.GetentUserDirectory;
import io.jslurm.protocol.auth.LocalHost;
import io.jslurm.protocol.auth.SlurmKey;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.time.InstantSource;
import java.util.Optional;
import java.util.function.Supplier;

/** Builds the association cache the configuration asks for and starts keeping it fresh. */
public final class AssocSetup {

    /** How often slurmdbd is asked again, in case a push of sacctmgr's changes did not arrive. */
    public static final Duration REFRESH_INTERVAL = Duration.ofSeconds(5);

    /** How soon slurmdbd is asked again while the controller holds no copy at all (slurmdbd still starting). */
    public static final Duration FIRST_COPY_RETRY = Duration.ofMillis(250);

    private AssocSetup() {
    }

    /**
     * With AccountingStorageType=accounting_storage/slurmdbd: loaded (saved copy, then slurmdbd) and refreshed
     * every {@link #REFRESH_INTERVAL} (every {@link #FIRST_COPY_RETRY} until it has a first copy), each time
     * registering {@code listening} for slurmdbd's pushes. Without it: an empty cache that never asks anyone.
     */
    public static AssocCache start(SlurmConfig slurm, SlurmKey key, InstantSource clock, long slurmUserUid,
                                   Supplier<Optional<InetSocketAddress>> listening) {
        AssocSnapshotFile file = new AssocSnapshotFile(slurm.paths().stateSaveLocation());
        GetentUserDirectory users = new GetentUserDirectory(clock);
        if (slurm.accounting().type() != AccountingStoragePlugin.SLURMDBD) {
            return new AssocCache(() -> {
                throw new java.io.IOException("no accounting storage configured");
            }, file, users);
        }
        String host = slurm.accounting().host().orElseGet(() -> slurm.controllers().isEmpty() ? "localhost"
                : slurm.controllers().get(0).connectTo());
        Duration timeout = slurm.timers().messageTimeout().isZero() ? Duration.ofSeconds(10)
                : slurm.timers().messageTimeout();
        AssocCache cache = new AssocCache(new DbdAssocSource(
                InetSocketAddress.createUnresolved(host, slurm.accounting().port()), timeout,
                AuthMethods.daemonCredentials(slurm, key, clock, slurmUserUid, 0, LocalHost.name()),
                slurm.clusterName(), listening), file, users);
        cache.load();
        cache.startRefreshing(new RefreshPacing(REFRESH_INTERVAL, FIRST_COPY_RETRY), clock);
        return cache;
    }
}
