package io.jslurm.protocol.netty;

import io.jslurm.protocol.wire.FrameHeader;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.DefaultByteBufHolder;
import java.util.Objects;

/** A whole frame off the wire: its checked header and payload (reference counted). */
final class Frame extends DefaultByteBufHolder {
    private final FrameHeader header;

    Frame(FrameHeader header, ByteBuf payload) {
        super(payload);
        this.header = Objects.requireNonNull(header, "header");
    }

    FrameHeader header() {
        return header;
    }
}
