package io.jslurm.protocol.client;

import com.google.protobuf.Message;
import io.jslurm.protocol.ErrorCode;
import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.auth.CredentialSource;
import io.jslurm.protocol.proto.Error;
import io.jslurm.protocol.proto.Header;
import io.jslurm.protocol.wire.BlockingFrames;
import io.jslurm.protocol.wire.EnvelopeType;
import io.jslurm.protocol.wire.ProtocolException;
import java.io.BufferedInputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.Objects;

/**
 * A small blocking client for commands: one socket, one request at a time, no Netty, so a
 * command's JVM loads only this, the wire classes and protobuf. Not thread safe.
 */
public final class RpcClient<E extends Message> implements Closeable {
    /** Responses (job lists) may be far larger than requests. */
    public static final int DEFAULT_MAX_RESPONSE = 256 * 1024 * 1024;

    private final EnvelopeType<E> type;
    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private final CredentialSource credentials;
    private final int maxResponse;
    private long nextCorrelationId = 1;

    private RpcClient(EnvelopeType<E> type, Socket socket, CredentialSource credentials, int maxResponse)
            throws IOException {
        this.type = type;
        this.socket = socket;
        this.in = new BufferedInputStream(socket.getInputStream(), 64 * 1024);
        this.out = socket.getOutputStream();
        this.credentials = credentials;
        this.maxResponse = maxResponse;
    }

    /**
     * @param timeout bounds the connect and every wait for a response
     */
    public static <E extends Message> RpcClient<E> connect(EnvelopeType<E> type, InetSocketAddress address,
                                                           Duration timeout, CredentialSource credentials)
            throws IOException {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(credentials, "credentials");
        Socket socket = ClientSockets.connect(address, timeout);
        try {
            return new RpcClient<>(type, socket, credentials, DEFAULT_MAX_RESPONSE);
        } catch (IOException | RuntimeException e) {
            socket.close();
            throw e;
        }
    }

    /**
     * Sends one request and waits for its response body. After an I/O error (including a
     * timeout) the client is closed.
     *
     * @throws RpcException when the server answers with an Error
     */
    public Message call(Message request) throws IOException, RpcException {
        long correlationId = nextCorrelationId++;
        Header header = Header.newBuilder()
                .setCorrelationId(correlationId)
                .setCredential(credentials.next())
                .build();
        BlockingFrames.Received frame;
        try {
            BlockingFrames.write(out, type.kind(), type.wrap(header, request));
            frame = BlockingFrames.read(in, maxResponse);
        } catch (IOException e) {
            // After a timeout or a broken frame a late answer could be taken for the next one's.
            socket.close();
            throw e;
        }
        // Every envelope keeps Error at the same field number, so a connection-level error sent in
        // another envelope type still reads correctly here.
        E envelope = type.parse(frame.payload());
        Message body = type.body(envelope);
        if (body instanceof Error) {
            Error error = (Error) body;
            throw new RpcException(error.getCode(), error.getMessage());
        }
        long answered = type.header(envelope).getCorrelationId();
        if (frame.header().kind() != type.kind() || answered != correlationId || body == null) {
            throw new ProtocolException(ErrorCode.SLURM_UNEXPECTED_MSG_ERROR, "unexpected answer to request "
                    + correlationId + ": " + frame.header().kind() + " frame for request " + answered);
        }
        return body;
    }

    /** {@link #call(Message)} expecting a particular response type. */
    public <R extends Message> R call(Message request, Class<R> responseType) throws IOException, RpcException {
        Message body = call(request);
        if (!responseType.isInstance(body)) {
            throw new ProtocolException(ErrorCode.SLURM_UNEXPECTED_MSG_ERROR, "expected "
                    + responseType.getSimpleName() + ", got " + body.getDescriptorForType().getName());
        }
        return responseType.cast(body);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
