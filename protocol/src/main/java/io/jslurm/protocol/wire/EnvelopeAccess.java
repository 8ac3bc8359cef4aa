package io.jslurm.protocol.wire;

import com.google.protobuf.Message;
import io.jslurm.protocol.proto.Header;

/** Reads and builds one envelope type: its header and its body oneof. */
interface EnvelopeAccess<E extends Message> {
    Header header(E envelope);

    /** @return the body, or null when the sender set none */
    Message body(E envelope);

    /** @throws IllegalArgumentException when the envelope cannot carry this body type */
    E wrap(Header header, Message body);
}
