package io.jslurm.protocol.auth;

import io.jslurm.protocol.proto.Credential;
import io.jslurm.protocol.proto.CredentialReply;
import io.jslurm.protocol.wire.BlockingFrames;
import io.jslurm.protocol.wire.FrameKind;
import io.jslurm.protocol.wire.ProtocolException;
import io.jslurm.protocol.ErrorCode;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.Objects;

/** Asks the local {@link CredentialService} for a credential, one connection per credential. */
public final class CredentialServiceClient implements CredentialSource {
    private static final int MAX_REPLY = 64 * 1024;

    private final Path socketPath;

    public CredentialServiceClient(Path socketPath) {
        this.socketPath = Objects.requireNonNull(socketPath, "socketPath");
    }

    @Override
    public Credential next() throws IOException {
        try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            try {
                channel.connect(UnixDomainSocketAddress.of(socketPath));
            } catch (IOException e) {
                throw new IOException("cannot reach the credential service at " + socketPath + ": " + e.getMessage(), e);
            }
            BlockingFrames.Received frame = BlockingFrames.read(Channels.newInputStream(channel), MAX_REPLY);
            if (frame.header().kind() != FrameKind.CREDENTIAL_REPLY) {
                throw new ProtocolException(ErrorCode.SLURM_UNEXPECTED_MSG_ERROR,
                        "credential service answered with a " + frame.header().kind() + " frame");
            }
            CredentialReply reply = CredentialReply.parseFrom(frame.payload());
            if (reply.hasCredential()) {
                return reply.getCredential();
            }
            throw new IOException("credential service refused: " + reply.getError().getMessage()
                    + " (error " + reply.getError().getCode() + ")");
        }
    }
}
