package io.jslurm.protocol.netty;

import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.Message;
import io.jslurm.protocol.ProtocolVersion;
import io.jslurm.protocol.wire.EnvelopeType;
import io.jslurm.protocol.wire.FrameHeader;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.EncoderException;
import io.netty.handler.codec.MessageToByteEncoder;

/**
 * Header prepending and protobuf encoding in one step: the serialised size is known up front, so
 * the frame is written straight into one exactly sized buffer.
 */
@ChannelHandler.Sharable
final class EnvelopeEncoder extends MessageToByteEncoder<Message> {
    private final int maxPayload;

    EnvelopeEncoder(int maxPayload) {
        super(Message.class);
        this.maxPayload = maxPayload;
    }

    @Override
    protected ByteBuf allocateBuffer(ChannelHandlerContext ctx, Message msg, boolean preferDirect) {
        return ctx.alloc().ioBuffer(FrameHeader.SIZE + msg.getSerializedSize());
    }

    @Override
    protected void encode(ChannelHandlerContext ctx, Message envelope, ByteBuf out) throws Exception {
        int size = envelope.getSerializedSize();
        if (size > maxPayload) {
            throw new EncoderException("refusing to send a " + size + " byte frame (limit " + maxPayload + ")");
        }
        Integer peerVersion = ctx.channel().attr(ConnectionState.PEER_VERSION).get();
        int version = peerVersion == null ? ProtocolVersion.CURRENT : peerVersion;
        FrameHeader header = new FrameHeader(version, EnvelopeType.of(envelope).kind(), size);
        out.writeBytes(header.toBytes());
        out.ensureWritable(size);
        // allocateBuffer gives a single-region buffer, so this view writes into it, not into a copy
        CodedOutputStream body = CodedOutputStream.newInstance(out.nioBuffer(out.writerIndex(), size));
        envelope.writeTo(body);
        body.flush();
        body.checkNoSpaceLeft();
        out.writerIndex(out.writerIndex() + size);
    }
}
