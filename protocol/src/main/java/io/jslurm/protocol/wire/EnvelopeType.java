package io.jslurm.protocol.wire;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.Parser;
import io.jslurm.protocol.ErrorCode;
import io.jslurm.protocol.proto.ClientMessage;
import io.jslurm.protocol.proto.DbdMessage;
import io.jslurm.protocol.proto.Error;
import io.jslurm.protocol.proto.Header;
import io.jslurm.protocol.proto.NodeMessage;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * One connection type's envelope: a header plus a {@code body} oneof. Generic code (server,
 * client, dispatch table) works on any envelope through this view, so a new request type is one
 * line in the .proto and one route in a table.
 *
 * <p>Descriptors are built only when something needs them (the server's table checks, envelopes
 * without typed access): a command that only uses {@link #CLIENT} never pays for them.
 */
public final class EnvelopeType<E extends Message> {
    public static final EnvelopeType<ClientMessage> CLIENT =
            new EnvelopeType<>(FrameKind.CLIENT, ClientMessage.getDefaultInstance(), new ClientMessageAccess());
    public static final EnvelopeType<NodeMessage> NODE =
            new EnvelopeType<>(FrameKind.NODE, NodeMessage.getDefaultInstance(), null);
    public static final EnvelopeType<DbdMessage> DBD =
            new EnvelopeType<>(FrameKind.DBD, DbdMessage.getDefaultInstance(), null);

    private final FrameKind kind;
    private final E defaultInstance;
    private final EnvelopeAccess<E> typed;
    private volatile ReflectiveEnvelopeAccess<E> reflective;

    private EnvelopeType(FrameKind kind, E defaultInstance, EnvelopeAccess<E> typed) {
        this.kind = kind;
        this.defaultInstance = defaultInstance;
        this.typed = typed;
    }

    public static EnvelopeType<?> forKind(FrameKind kind) {
        switch (kind) {
            case CLIENT: return CLIENT;
            case NODE: return NODE;
            case DBD: return DBD;
            default: return null;
        }
    }

    /** The envelope type of an envelope instance. */
    public static EnvelopeType<?> of(Message envelope) {
        for (EnvelopeType<?> candidate : new EnvelopeType<?>[] {CLIENT, NODE, DBD}) {
            if (candidate.defaultInstance.getClass() == envelope.getClass()) {
                return candidate;
            }
        }
        throw new IllegalArgumentException(envelope.getClass().getName() + " is not an envelope");
    }

    public FrameKind kind() {
        return kind;
    }

    public String name() {
        return defaultInstance.getClass().getSimpleName();
    }

    public boolean carries(Descriptor bodyType) {
        return reflective().carries(bodyType);
    }

    @SuppressWarnings("unchecked")
    public Parser<E> parser() {
        return (Parser<E>) defaultInstance.getParserForType();
    }

    public E parse(ByteBuffer payload) throws ProtocolException {
        try {
            return parser().parseFrom(payload);
        } catch (InvalidProtocolBufferException e) {
            throw new ProtocolException(ErrorCode.ESLURM_PROTOCOL_INCOMPLETE_PACKET,
                    "undecodable " + name() + ": " + e.getMessage());
        }
    }

    /** @throws ClassCastException when the envelope is of another type */
    public Header header(Message envelope) {
        return access().header(cast(envelope));
    }

    /** @return the body, or null when the sender set none */
    public Message body(Message envelope) {
        return access().body(cast(envelope));
    }

    public E wrap(Header header, Message body) {
        return access().wrap(Objects.requireNonNull(header, "header"), Objects.requireNonNull(body, "body"));
    }

    public E wrap(long correlationId, Message body) {
        return wrap(Header.newBuilder().setCorrelationId(correlationId).build(), body);
    }

    public E error(long correlationId, int code, String message) {
        return wrap(correlationId, Error.newBuilder().setCode(code).setMessage(message).build());
    }

    @SuppressWarnings("unchecked")
    private E cast(Message envelope) {
        return (E) defaultInstance.getClass().cast(envelope);
    }

    private EnvelopeAccess<E> access() {
        return typed != null ? typed : reflective();
    }

    ReflectiveEnvelopeAccess<E> reflective() {
        ReflectiveEnvelopeAccess<E> r = reflective;
        if (r == null) {
            synchronized (this) {
                r = reflective;
                if (r == null) {
                    r = new ReflectiveEnvelopeAccess<>(defaultInstance);
                    reflective = r;
                }
            }
        }
        return r;
    }

    EnvelopeAccess<E> typedAccess() {
        return typed;
    }

    @Override
    public String toString() {
        return name();
    }
}
