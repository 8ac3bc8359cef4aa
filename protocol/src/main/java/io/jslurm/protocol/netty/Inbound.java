package io.jslurm.protocol.netty;

import com.google.protobuf.Message;
import io.jslurm.protocol.wire.EnvelopeType;

/** A decoded envelope with the version and type it arrived as. */
record Inbound(int version, EnvelopeType<?> type, Message envelope) {
}
