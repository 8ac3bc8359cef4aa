package io.jslurm.protocol.auth;

import io.jslurm.protocol.ErrorCode;
import io.jslurm.protocol.proto.CredentialReply;
import io.jslurm.protocol.proto.Error;
import io.jslurm.protocol.wire.BlockingFrames;
import io.jslurm.protocol.wire.FrameKind;
import java.io.Closeable;
import java.io.IOException;
import java.net.BindException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import jdk.net.ExtendedSocketOptions;
import jdk.net.UnixDomainPrincipal;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Signs credentials for local users who cannot read slurm.key. Listens on a Unix socket open to
 * everyone, learns the caller's uid/gid from the kernel (SO_PEERCRED) and signs a credential for
 * exactly that user: what a caller sends is never read, so it cannot ask for anyone else.
 * One credential per connection, answered right after accept; the reply is far smaller than a
 * socket buffer, so a caller that never reads cannot stall the single accept thread.
 */
public final class CredentialService implements Closeable {
    private static final Logger log = LoggerFactory.getLogger(CredentialService.class);

    private final ServerSocketChannel server;
    private final Path socketPath;
    private final SlurmCredentialSigner signer;
    private final UserDirectory users;
    private final String host;
    private final Thread acceptor;

    private CredentialService(ServerSocketChannel server, Path socketPath, SlurmCredentialSigner signer,
                              UserDirectory users, String host) {
        this.server = server;
        this.socketPath = socketPath;
        this.signer = signer;
        this.users = users;
        this.host = host;
        this.acceptor = new Thread(this::acceptLoop, "credential-service");
        this.acceptor.setDaemon(true);
    }

    /** Binds the socket (replacing whatever file is there) and starts answering. */
    public static CredentialService start(Path socketPath, SlurmCredentialSigner signer, UserDirectory users,
                                          String host) throws IOException {
        Files.deleteIfExists(socketPath);
        return started(bind(socketPath), socketPath, signer, users, host);
    }

    /**
     * Starts answering on the socket unless another daemon of this host already does (several slurmd,
     * or slurmd and slurmctld, may share one host and one slurm.conf): the first to bind serves, the
     * others leave it alone. A socket file nobody answers on is left over from a stopped daemon and is
     * replaced. Creates the socket's directory, readable by everyone, when it is missing.
     *
     * @return empty when a live service already answers there
     */
    public static Optional<CredentialService> startUnlessServed(Path socketPath, SlurmCredentialSigner signer,
                                                                UserDirectory users, String host) throws IOException {
        Path dir = socketPath.toAbsolutePath().getParent();
        if (dir != null && !Files.isDirectory(dir)) {
            Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(
                    PosixFilePermissions.fromString("rwxr-xr-x")));
        }
        ServerSocketChannel server;
        try {
            server = bind(socketPath);
        } catch (BindException inUse) {
            if (answers(socketPath)) {
                log.info("credential service: {} is already served by another daemon of this host", socketPath);
                return Optional.empty();
            }
            Files.deleteIfExists(socketPath);
            server = bind(socketPath);
        }
        return Optional.of(started(server, socketPath, signer, users, host));
    }

    private static ServerSocketChannel bind(Path socketPath) throws IOException {
        ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        try {
            server.bind(UnixDomainSocketAddress.of(socketPath));
            return server;
        } catch (IOException e) {
            server.close();
            throw e;
        }
    }

    /** Whether something accepts connections on the socket (a credential service, presumably). */
    private static boolean answers(Path socketPath) {
        try (SocketChannel probe = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            probe.connect(UnixDomainSocketAddress.of(socketPath));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static CredentialService started(ServerSocketChannel server, Path socketPath,
                                             SlurmCredentialSigner signer, UserDirectory users, String host)
            throws IOException {
        Objects.requireNonNull(signer, "signer");
        Objects.requireNonNull(users, "users");
        Objects.requireNonNull(host, "host");
        try {
            Files.setPosixFilePermissions(socketPath, PosixFilePermissions.fromString("rw-rw-rw-"));
        } catch (IOException e) {
            server.close();
            throw e;
        }
        CredentialService service = new CredentialService(server, socketPath, signer, users, host);
        service.acceptor.start();
        log.info("credential service listening on {}", socketPath);
        return service;
    }

    private void acceptLoop() {
        while (server.isOpen()) {
            try (SocketChannel caller = server.accept()) {
                BlockingFrames.write(Channels.newOutputStream(caller), FrameKind.CREDENTIAL_REPLY, answer(caller));
            } catch (AsynchronousCloseException e) {
                return;
            } catch (IOException | RuntimeException e) {
                log.warn("credential service: request failed: {}", e.toString());
            }
        }
    }

    private CredentialReply answer(SocketChannel caller) throws IOException {
        UnixDomainPrincipal peer = caller.getOption(ExtendedSocketOptions.SO_PEERCRED);
        String user = peer.user().getName();
        String group = peer.group().getName();
        OptionalLong uid = users.uidOf(user);
        OptionalLong gid = users.gidOf(group);
        if (uid.isEmpty() || gid.isEmpty()) {
            log.warn("credential service: cannot resolve peer {}:{} to numeric ids", user, group);
            return CredentialReply.newBuilder().setError(Error.newBuilder()
                    .setCode(ErrorCode.ESLURM_AUTH_UNABLE_TO_SIGN.code())
                    .setMessage("cannot resolve user " + user + " / group " + group + " to numeric ids")).build();
        }
        return CredentialReply.newBuilder()
                .setCredential(signer.sign(uid.getAsLong(), gid.getAsLong(), host)).build();
    }

    public Path socketPath() {
        return socketPath;
    }

    /** Stops answering and removes the socket; a socket that cannot be removed is only logged. */
    @Override
    public void close() {
        try {
            server.close();
        } catch (IOException e) {
            log.warn("credential service: closing {}: {}", socketPath, e.getMessage());
        }
        try {
            acceptor.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            Files.deleteIfExists(socketPath);
        } catch (IOException e) {
            log.warn("credential service: cannot remove {}: {}", socketPath, e.getMessage());
        }
    }
}
