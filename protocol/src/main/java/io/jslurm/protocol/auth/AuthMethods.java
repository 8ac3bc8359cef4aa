package io.jslurm.protocol.auth;

import io.jslurm.conf.slurm.SlurmConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.InstantSource;
import java.util.List;
import java.util.Optional;
import org.slf4j.LoggerFactory;

/**
 * The one place where {@code AuthType} becomes an authentication method, for every daemon and
 * command. auth/slurm needs the cluster key; auth/munge needs libmunge and a munged on
 * {@link Munge#DEFAULT_SOCKET}, checked when a daemon starts so a missing one is reported once, by
 * name, rather than on the first request.
 */
public final class AuthMethods {
    private AuthMethods() {
    }

    /**
     * The method slurm.conf asks for. Unset means auth/slurm, which needs no other daemon (Slurm
     * itself defaults to auth/munge: clusters that want it say so).
     */
    public static String authType(SlurmConfig slurm) {
        return slurm.settings().containsKey("AuthType") ? slurm.authType().confName() : SlurmAuth.PLUGIN_NAME;
    }

    /**
     * The cluster key, read only where auth/slurm uses it. Under auth/munge nodes need no slurm.key:
     * a random key stands in for the daemons' key parameter, and no method signs or verifies with it.
     */
    public static SlurmKey clusterKey(SlurmConfig slurm, Path keyFile) throws IOException {
        if (authType(slurm).equals(MungeAuth.PLUGIN_NAME)) {
            byte[] unused = new byte[SlurmKey.MIN_LENGTH];
            new SecureRandom().nextBytes(unused);
            return SlurmKey.of(unused);
        }
        return SlurmKey.load(keyFile);
    }

    public static Authenticator authenticator(SlurmConfig slurm, SlurmKey key, InstantSource clock) {
        return authenticator(authType(slurm), key, clock);
    }

    public static CredentialSource daemonCredentials(SlurmConfig slurm, SlurmKey key, InstantSource clock,
                                                     long uid, long gid, String host) {
        return daemonCredentials(authType(slurm), key, clock, uid, gid, host);
    }

    public static CredentialSource forCurrentUser(SlurmConfig slurm, Path keyFile, Path serviceSocket,
                                                  InstantSource clock) throws IOException {
        return forCurrentUser(authType(slurm), keyFile, serviceSocket, clock);
    }

    /** The verifier a daemon serves with. Unchecked so daemon constructors keep their signatures. */
    public static Authenticator authenticator(String authType, SlurmKey key, InstantSource clock) {
        return new Authenticator(List.of(switch (supported(authType)) {
            case MungeAuth.PLUGIN_NAME -> new MungeAuth(checkedMunge());
            default -> new SlurmAuth(key, clock);
        }));
    }

    /**
     * Credentials a daemon sends as itself. Under auth/munge munged stamps the ids of this process,
     * so {@code uid} and {@code gid} only matter to auth/slurm.
     */
    public static CredentialSource daemonCredentials(String authType, SlurmKey key, InstantSource clock,
                                                     long uid, long gid, String host) {
        return switch (supported(authType)) {
            case MungeAuth.PLUGIN_NAME -> new MungeCredentialSource(checkedMunge(), host);
            default -> new SlurmCredentialSigner(key, clock).sourceFor(uid, gid, host);
        };
    }

    /** Credentials for the user running a command (see {@link CredentialSources#forCurrentUser}). */
    public static CredentialSource forCurrentUser(String authType, Path keyFile, Path serviceSocket,
                                                  InstantSource clock) throws IOException {
        return switch (supported(authType)) {
            case MungeAuth.PLUGIN_NAME -> new MungeCredentialSource(Munge.at(Munge.DEFAULT_SOCKET), LocalHost.name());
            default -> CredentialSources.forCurrentUser(keyFile, serviceSocket, clock);
        };
    }

    /**
     * The credential service a daemon runs for ordinary users of its host under auth/slurm (munged
     * plays that part under auth/munge). A daemon that cannot bind the socket keeps running: only
     * users who cannot read slurm.key are affected, and the warning says so.
     *
     * @return empty under auth/munge, when another daemon of this host already serves the socket, or
     *         when it cannot be bound
     */
    public static Optional<CredentialService> credentialService(SlurmConfig slurm, SlurmKey key, InstantSource clock,
                                                                Path socket, String host) {
        if (!authType(slurm).equals(SlurmAuth.PLUGIN_NAME)) {
            return Optional.empty();
        }
        try {
            return CredentialService.startUnlessServed(socket, new SlurmCredentialSigner(key, clock),
                    new GetentUserDirectory(clock), host);
        } catch (IOException | RuntimeException e) {
            LoggerFactory.getLogger(AuthMethods.class).warn("cannot serve credentials on {} ({}): users who cannot"
                    + " read slurm.key cannot use this host's commands", socket, e.toString());
            return Optional.empty();
        }
    }

    private static String supported(String authType) {
        if (authType.equals(SlurmAuth.PLUGIN_NAME) || authType.equals(MungeAuth.PLUGIN_NAME)) {
            return authType;
        }
        throw new IllegalArgumentException("AuthType=" + authType + " is not supported; use "
                + MungeAuth.PLUGIN_NAME + " or " + SlurmAuth.PLUGIN_NAME);
    }

    private static Munge checkedMunge() {
        try {
            Munge munge = Munge.at(Munge.DEFAULT_SOCKET);
            munge.check();
            return munge;
        } catch (MungeException e) {
            throw new UncheckedIOException(e.getMessage(), e);
        }
    }
}
