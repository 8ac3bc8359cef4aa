package io.jslurm.cli.client;

import io.jslurm.protocol.auth.AuthMethods;
import io.jslurm.protocol.auth.CredentialSource;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;

/**
 * What a {@link RemoteController} needs of slurm.conf: the controllers in order (primary first), how long to
 * wait for each, and how to sign. Kept apart from {@link ClusterAccess} (which carries the whole parsed
 * configuration) so that sbatch can take it from {@link RouteCache} without parsing slurm.conf.
 *
 * @param authType {@code AuthType}, e.g. {@code auth/slurm}
 */
public record ControllerRoute(List<InetSocketAddress> controllers, Duration timeout, String authType, Path keyFile,
        Path credentialSocket) {

    public ControllerRoute {
        controllers = List.copyOf(controllers);
        Objects.requireNonNull(timeout, "timeout is null");
        Objects.requireNonNull(authType, "authType is null");
        Objects.requireNonNull(keyFile, "keyFile is null");
        Objects.requireNonNull(credentialSocket, "credentialSocket is null");
    }

    /** A port of the range {@code first-last}, picked at random as Slurm's commands do to spread the load. */
    static int pickPort(int first, int last) {
        return first + ThreadLocalRandom.current().nextInt(last - first + 1);
    }

    /**
     * Credentials for the user running the command, as AuthType says: under auth/slurm signed here
     * when this user can read slurm.key (root, SlurmUser), else from the host's credential service.
     */
    public CredentialSource credentials() throws IOException {
        return AuthMethods.forCurrentUser(authType, keyFile, credentialSocket, InstantSource.system());
    }
}
