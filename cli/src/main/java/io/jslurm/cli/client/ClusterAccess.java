package io.jslurm.cli.client;

import io.jslurm.conf.ConfException;
import io.jslurm.conf.ConfLoader;
import io.jslurm.conf.slurm.ControllerHost;
import io.jslurm.conf.slurm.PortRange;
import io.jslurm.conf.slurm.SlurmConfig;
import io.jslurm.protocol.auth.AuthInfo;
import io.jslurm.protocol.auth.AuthMethods;
import io.jslurm.protocol.auth.CredentialSource;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * How a command reaches its cluster, from {@code slurm.conf} ({@code SLURM_CONF}, else
 * {@code /etc/slurm/slurm.conf}): the controllers in order (primary first), how long to wait for each,
 * and where credentials come from.
 *
 * @param keyFile          {@code AuthInfo=keyfile=...}, else {@code slurm.key} next to slurm.conf
 * @param credentialSocket {@code AuthInfo=socket=...}, else {@link #DEFAULT_CREDENTIAL_SOCKET}
 */
public record ClusterAccess(String clusterName, List<InetSocketAddress> controllers, Duration timeout, Path keyFile,
        Path credentialSocket, SlurmConfig config) {

    public static final String DEFAULT_CONF = "/etc/slurm/slurm.conf";
    public static final Path DEFAULT_CREDENTIAL_SOCKET = AuthInfo.DEFAULT_SOCKET;

    public ClusterAccess {
        Objects.requireNonNull(clusterName, "clusterName is null");
        controllers = List.copyOf(controllers);
        Objects.requireNonNull(timeout, "timeout is null");
        Objects.requireNonNull(keyFile, "keyFile is null");
        Objects.requireNonNull(credentialSocket, "credentialSocket is null");
        Objects.requireNonNull(config, "config is null");
    }

    /** @throws ConfException when slurm.conf cannot be read, listing its errors */
    public static ClusterAccess fromEnvironment(Map<String, String> environment) {
        Path conf = confFile(environment);
        SlurmConfig config = ConfLoader.fromFileSystem().load(conf).slurm();
        return of(config, conf);
    }

    /** {@code SLURM_CONF}, else {@link #DEFAULT_CONF}. */
    public static Path confFile(Map<String, String> environment) {
        return Path.of(environment.getOrDefault("SLURM_CONF", DEFAULT_CONF));
    }

    public static ClusterAccess of(SlurmConfig config, Path confFile) {
        AuthInfo auth = AuthInfo.of(config, confFile);
        List<InetSocketAddress> controllers = config.controllers().stream()
                .map(ControllerHost::connectTo)
                .map(host -> InetSocketAddress.createUnresolved(host, port(config.slurmctldPort())))
                .toList();
        Duration timeout = config.timers().messageTimeout();
        return new ClusterAccess(config.clusterName(), controllers, timeout, auth.keyFile(), auth.credentialSocket(),
                config);
    }

    /** A port of the controller's range, picked at random as Slurm's commands do to spread the load. */
    private static int port(PortRange range) {
        return ControllerRoute.pickPort(range.first(), range.last());
    }

    /** The same cluster reached through its {@code index}th controller only. */
    public ClusterAccess only(int index) {
        return new ClusterAccess(clusterName, List.of(controllers.get(index)), timeout, keyFile, credentialSocket,
                config);
    }

    /** See {@link ControllerRoute#credentials()}. */
    public CredentialSource credentials() throws IOException {
        return route().credentials();
    }

    /** The part of this access a {@link RemoteController} uses. */
    public ControllerRoute route() {
        return new ControllerRoute(controllers, timeout, AuthMethods.authType(config), keyFile, credentialSocket);
    }
}
