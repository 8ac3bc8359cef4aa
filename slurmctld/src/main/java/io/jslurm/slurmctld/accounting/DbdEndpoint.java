package io.jslurm.slurmctld.accounting;

import io.jslurm.conf.slurm.AccountingStoragePlugin;
import io.jslurm.conf.slurm.SlurmConfig;
import io.jslurm.protocol.auth.CredentialSource;
import io.jslurm.protocol.auth.LocalHost;
import io.jslurm.protocol.auth.SlurmCredentialSigner;
import io.jslurm.protocol.auth.SlurmKey;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.time.InstantSource;
import java.util.Optional;

/**
 * How the controller reaches slurmdbd: AccountingStorageHost (else the first SlurmctldHost) and port, the message
 * timeout, and credentials signed as SlurmUser. Empty unless AccountingStorageType is accounting_storage/slurmdbd.
 */
public record DbdEndpoint(InetSocketAddress address, Duration timeout, CredentialSource credentials) {

    public static Optional<DbdEndpoint> of(SlurmConfig slurm, SlurmKey key, long slurmUserUid, InstantSource clock) {
        if (slurm.accounting().type() != AccountingStoragePlugin.SLURMDBD) {
            return Optional.empty();
        }
        String host = slurm.accounting().host().orElseGet(() -> slurm.controllers().isEmpty() ? "localhost"
                : slurm.controllers().get(0).connectTo());
        Duration timeout = slurm.timers().messageTimeout().isZero() ? Duration.ofSeconds(10)
                : slurm.timers().messageTimeout();
        return Optional.of(new DbdEndpoint(InetSocketAddress.createUnresolved(host, slurm.accounting().port()),
                timeout, new SlurmCredentialSigner(key, clock).sourceFor(slurmUserUid, 0, LocalHost.name())));
    }

    /** The address resolved now, so that a name that did not resolve at start-up is tried again. */
    public InetSocketAddress resolved() {
        return address.isUnresolved() ? new InetSocketAddress(address.getHostString(), address.getPort()) : address;
    }
}
