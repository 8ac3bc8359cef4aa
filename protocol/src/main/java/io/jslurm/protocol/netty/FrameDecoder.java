package io.jslurm.protocol.netty;

import io.jslurm.protocol.wire.FrameHeader;
import io.jslurm.protocol.wire.ProtocolException;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.util.List;

/**
 * Cuts the byte stream into {@link Frame}s. The header is checked before any payload is
 * buffered, so an oversized or foreign frame costs 12 bytes, not its claimed length. After a bad
 * header the stream has no trustworthy boundaries left: everything further is discarded while
 * the error handler answers and closes.
 */
final class FrameDecoder extends ByteToMessageDecoder {
    private final int maxPayload;
    private boolean broken;

    FrameDecoder(int maxPayload) {
        this.maxPayload = maxPayload;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) throws ProtocolException {
        if (broken) {
            in.skipBytes(in.readableBytes());
            return;
        }
        if (in.readableBytes() < FrameHeader.SIZE) {
            return;
        }
        FrameHeader header;
        try {
            header = FrameHeader.read(in.nioBuffer(in.readerIndex(), FrameHeader.SIZE), maxPayload);
        } catch (ProtocolException e) {
            broken = true;
            in.skipBytes(in.readableBytes());
            throw e;
        }
        if (in.readableBytes() < FrameHeader.SIZE + header.payloadLength()) {
            return;
        }
        in.skipBytes(FrameHeader.SIZE);
        out.add(new Frame(header, in.readRetainedSlice(header.payloadLength())));
    }
}
