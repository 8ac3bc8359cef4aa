package io.jslurm.protocol.client;

import io.jslurm.protocol.ErrorCode;
import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.auth.CredentialSource;
import io.jslurm.protocol.wire.BlockingFrames;
import io.jslurm.protocol.wire.FrameKind;
import io.jslurm.protocol.wire.ProtoReader;
import io.jslurm.protocol.wire.ProtoWriter;
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
 * {@link RpcClient} for the client envelope ({@code ClientMessage}) with bodies the caller encodes and decodes
 * itself ({@link ProtoWriter}, {@link ProtoReader}): a command whose one request is hand-coded (sbatch) then
 * never loads protobuf-java. The bytes on the wire are those {@link RpcClient} sends. Not thread safe.
 */
public final class EncodedRpcClient implements Closeable {

    /** {@code ClientMessage} fields: the header, and Error, which every envelope keeps at field 2. */
    private static final int HEADER = 1;
    private static final int ERROR = 2;
    /** {@code Header} fields. */
    private static final int CORRELATION_ID = 1;
    private static final int CREDENTIAL = 2;
    /** {@code Error} fields. */
    private static final int ERROR_CODE = 1;
    private static final int ERROR_MESSAGE = 2;

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private final CredentialSource credentials;
    private long nextCorrelationId = 1;

    private EncodedRpcClient(Socket socket, CredentialSource credentials) throws IOException {
        this.socket = socket;
        this.in = new BufferedInputStream(socket.getInputStream(), 64 * 1024);
        this.out = socket.getOutputStream();
        this.credentials = credentials;
    }

    /** @param timeout bounds the connect and every wait for a response */
    public static EncodedRpcClient connect(InetSocketAddress address, Duration timeout, CredentialSource credentials)
            throws IOException {
        Objects.requireNonNull(credentials, "credentials");
        Socket socket = ClientSockets.connect(address, timeout);
        try {
            return new EncodedRpcClient(socket, credentials);
        } catch (IOException | RuntimeException e) {
            socket.close();
            throw e;
        }
    }

    /**
     * Sends one request, the body {@code request} in {@code ClientMessage} field {@code requestField}, and
     * returns the answer's body, which must be in field {@code responseField}. After an I/O error (a timeout
     * included) the client is closed.
     *
     * @throws RpcException when the server answers with an Error
     */
    public byte[] call(int requestField, byte[] request, int responseField) throws IOException, RpcException {
        long correlationId = nextCorrelationId++;
        ProtoWriter header = new ProtoWriter(256)
                .varintIfSet(CORRELATION_ID, correlationId)
                .bytes(CREDENTIAL, credentials.nextEncoded());
        ProtoWriter envelope = new ProtoWriter(header.size() + request.length + 16)
                .message(HEADER, header)
                .bytes(requestField, request);
        BlockingFrames.Received frame;
        try {
            BlockingFrames.write(out, FrameKind.CLIENT, envelope.toByteArray());
            frame = BlockingFrames.read(in, RpcClient.DEFAULT_MAX_RESPONSE);
        } catch (IOException e) {
            // After a timeout or a broken frame a late answer could be taken for the next one's.
            socket.close();
            throw e;
        }
        byte[] payload = new byte[frame.payload().remaining()];
        frame.payload().get(payload);
        long answered = 0;
        int bodyField = 0;
        byte[] body = null;
        ProtoReader reader = new ProtoReader(payload);
        while (reader.next()) {
            if (reader.field() == HEADER) {
                answered = correlationIdOf(reader.bytes());
            } else if (reader.field() == ERROR) {
                throw error(reader.bytes());
            } else if (reader.field() == responseField) {
                bodyField = responseField;
                body = reader.bytes();
            } else {
                // A body of another type: the generated parser keeps the last oneof member set.
                bodyField = reader.field();
                body = null;
                reader.skip();
            }
        }
        if (frame.header().kind() != FrameKind.CLIENT || answered != correlationId || body == null) {
            throw new ProtocolException(ErrorCode.SLURM_UNEXPECTED_MSG_ERROR, "unexpected answer to request "
                    + correlationId + ": " + frame.header().kind() + " frame for request " + answered
                    + (bodyField == 0 ? " without a body" : " with body field " + bodyField));
        }
        return body;
    }

    private static long correlationIdOf(byte[] header) throws ProtocolException {
        long id = 0;
        ProtoReader reader = new ProtoReader(header);
        while (reader.next()) {
            if (reader.field() == CORRELATION_ID) {
                id = reader.varint();
            } else {
                reader.skip();
            }
        }
        return id;
    }

    private static RpcException error(byte[] error) throws ProtocolException {
        int code = 0;
        String message = "";
        ProtoReader reader = new ProtoReader(error);
        while (reader.next()) {
            if (reader.field() == ERROR_CODE) {
                code = (int) reader.varint();
            } else if (reader.field() == ERROR_MESSAGE) {
                message = reader.string();
            } else {
                reader.skip();
            }
        }
        return new RpcException(code, message);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
