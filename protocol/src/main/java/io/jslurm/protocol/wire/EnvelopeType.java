package io.jslurm.protocol.wire;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.OneofDescriptor;
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
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One connection type's envelope: a header plus a {@code body} oneof. Generic code (server,
 * client, dispatch table) works on any envelope through this descriptor-driven view, so a new
 * request type is one line in the .proto and one route in a table.
 */
public final class EnvelopeType<E extends Message> {
    public static final EnvelopeType<ClientMessage> CLIENT =
            new EnvelopeType<>(FrameKind.CLIENT, ClientMessage.getDefaultInstance());
    public static final EnvelopeType<NodeMessage> NODE =
            new EnvelopeType<>(FrameKind.NODE, NodeMessage.getDefaultInstance());
    public static final EnvelopeType<DbdMessage> DBD =
            new EnvelopeType<>(FrameKind.DBD, DbdMessage.getDefaultInstance());

    private final FrameKind kind;
    private final E defaultInstance;
    private final FieldDescriptor headerField;
    private final OneofDescriptor bodyOneof;
    private final FieldDescriptor errorField;
    private final Map<Descriptor, FieldDescriptor> fieldByBodyType = new HashMap<>();

    private EnvelopeType(FrameKind kind, E defaultInstance) {
        this.kind = kind;
        this.defaultInstance = defaultInstance;
        Descriptor descriptor = defaultInstance.getDescriptorForType();
        this.headerField = descriptor.findFieldByName("header");
        // A plain loop rather than a stream: this runs in every command's start-up, where the
        // first lambda costs milliseconds.
        OneofDescriptor body = null;
        for (OneofDescriptor oneof : descriptor.getOneofs()) {
            if (oneof.getName().equals("body")) {
                body = oneof;
            }
        }
        if (body == null) {
            throw new IllegalArgumentException(descriptor.getName() + " has no body oneof");
        }
        this.bodyOneof = body;
        for (FieldDescriptor field : bodyOneof.getFields()) {
            if (fieldByBodyType.put(field.getMessageType(), field) != null) {
                throw new IllegalArgumentException(descriptor.getName() + " carries "
                        + field.getMessageType().getName() + " twice");
            }
        }
        this.errorField = fieldByBodyType.get(Error.getDescriptor());
        if (headerField == null || errorField == null) {
            throw new IllegalArgumentException(descriptor.getName() + " lacks a header or an error field");
        }
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
        Descriptor type = envelope.getDescriptorForType();
        for (EnvelopeType<?> candidate : new EnvelopeType<?>[] {CLIENT, NODE, DBD}) {
            if (candidate.defaultInstance.getDescriptorForType() == type) {
                return candidate;
            }
        }
        throw new IllegalArgumentException(type.getFullName() + " is not an envelope");
    }

    public FrameKind kind() {
        return kind;
    }

    public String name() {
        return defaultInstance.getDescriptorForType().getName();
    }

    public boolean carries(Descriptor bodyType) {
        return fieldByBodyType.containsKey(bodyType);
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

    public Header header(Message envelope) {
        return (Header) envelope.getField(headerField);
    }

    /** @return the body, or null when the sender set none */
    public Message body(Message envelope) {
        FieldDescriptor set = envelope.getOneofFieldDescriptor(bodyOneof);
        return set == null ? null : (Message) envelope.getField(set);
    }

    public E wrap(Header header, Message body) {
        Objects.requireNonNull(header, "header");
        FieldDescriptor field = fieldByBodyType.get(body.getDescriptorForType());
        if (field == null) {
            throw new IllegalArgumentException(name() + " cannot carry " + body.getDescriptorForType().getName());
        }
        @SuppressWarnings("unchecked")
        E built = (E) defaultInstance.newBuilderForType().setField(headerField, header).setField(field, body).build();
        return built;
    }

    public E wrap(long correlationId, Message body) {
        return wrap(Header.newBuilder().setCorrelationId(correlationId).build(), body);
    }

    public E error(long correlationId, int code, String message) {
        return wrap(correlationId, Error.newBuilder().setCode(code).setMessage(message).build());
    }

    @Override
    public String toString() {
        return name();
    }
}
