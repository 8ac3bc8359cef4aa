package io.jslurm.protocol.netty;

import io.jslurm.protocol.ErrorCode;
import io.jslurm.protocol.wire.EnvelopeType;
import io.jslurm.protocol.wire.FrameKind;
import io.jslurm.protocol.wire.ProtocolException;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.MessageToMessageDecoder;
import java.util.List;
import java.util.Map;

/** Parses a frame's payload as the envelope its kind names, if this server serves that kind. */
@ChannelHandler.Sharable
final class EnvelopeDecoder extends MessageToMessageDecoder<Frame> {
    private final Map<FrameKind, EnvelopeType<?>> served;

    EnvelopeDecoder(Map<FrameKind, EnvelopeType<?>> served) {
        this.served = Map.copyOf(served);
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, Frame frame, List<Object> out) throws ProtocolException {
        EnvelopeType<?> type = served.get(frame.header().kind());
        if (type == null) {
            throw new ProtocolException(ErrorCode.SLURM_UNEXPECTED_MSG_ERROR,
                    frame.header().kind() + " connections are not served on this port");
        }
        ctx.channel().attr(ConnectionState.PEER_VERSION).set(frame.header().version());
        ctx.channel().attr(ConnectionState.ENVELOPE).set(type);
        out.add(new Inbound(frame.header().version(), type, type.parse(frame.content().nioBuffer())));
    }
}
