package io.jslurm.protocol.wire;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.OneofDescriptor;
import com.google.protobuf.Message;
import io.jslurm.protocol.proto.Error;
import io.jslurm.protocol.proto.Header;
import java.util.HashMap;
import java.util.Map;

/**
 * Envelope access through protobuf descriptors: works for any envelope without per-type code, but
 * building descriptors costs a cold JVM about 100 ms, so commands use {@link ClientMessageAccess}.
 */
final class ReflectiveEnvelopeAccess<E extends Message> implements EnvelopeAccess<E> {
    private final E defaultInstance;
    private final FieldDescriptor headerField;
    private final OneofDescriptor bodyOneof;
    private final Map<Descriptor, FieldDescriptor> fieldByBodyType = new HashMap<>();

    ReflectiveEnvelopeAccess(E defaultInstance) {
        this.defaultInstance = defaultInstance;
        Descriptor descriptor = defaultInstance.getDescriptorForType();
        this.headerField = descriptor.findFieldByName("header");
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
        FieldDescriptor errorField = fieldByBodyType.get(Error.getDescriptor());
        if (headerField == null || headerField.getNumber() != 1 || errorField == null || errorField.getNumber() != 2) {
            throw new IllegalArgumentException(descriptor.getName() + " must have header = 1 and Error error = 2");
        }
    }

    boolean carries(Descriptor bodyType) {
        return fieldByBodyType.containsKey(bodyType);
    }

    Iterable<FieldDescriptor> bodyFields() {
        return bodyOneof.getFields();
    }

    @Override
    public Header header(E envelope) {
        return (Header) envelope.getField(headerField);
    }

    @Override
    public Message body(E envelope) {
        FieldDescriptor set = envelope.getOneofFieldDescriptor(bodyOneof);
        return set == null ? null : (Message) envelope.getField(set);
    }

    @Override
    public E wrap(Header header, Message body) {
        FieldDescriptor field = fieldByBodyType.get(body.getDescriptorForType());
        if (field == null) {
            throw new IllegalArgumentException(defaultInstance.getDescriptorForType().getName() + " cannot carry "
                    + body.getDescriptorForType().getName());
        }
        @SuppressWarnings("unchecked")
        E built = (E) defaultInstance.newBuilderForType().setField(headerField, header).setField(field, body).build();
        return built;
    }
}
