package io.jslurm.protocol.wire;

import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.MessageLite;
import io.jslurm.protocol.ErrorCode;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;

/** Frames over plain streams, for the light clients that must not load Netty. */
public final class BlockingFrames {
    private BlockingFrames() {
    }

    /** A received frame: its header and payload bytes. */
    public record Received(FrameHeader header, ByteBuffer payload) {
    }

    /** Writes header and payload with a single write call. */
    public static void write(OutputStream out, FrameKind kind, MessageLite message) throws IOException {
        int size = message.getSerializedSize();
        byte[] frame = new byte[FrameHeader.SIZE + size];
        FrameHeader.current(kind, size).writeTo(ByteBuffer.wrap(frame));
        CodedOutputStream body = CodedOutputStream.newInstance(frame, FrameHeader.SIZE, size);
        message.writeTo(body);
        body.checkNoSpaceLeft();
        out.write(frame);
        out.flush();
    }

    /** Writes header and an already-encoded payload with a single write call. */
    public static void write(OutputStream out, FrameKind kind, byte[] payload) throws IOException {
        byte[] frame = new byte[FrameHeader.SIZE + payload.length];
        FrameHeader.current(kind, payload.length).writeTo(ByteBuffer.wrap(frame));
        System.arraycopy(payload, 0, frame, FrameHeader.SIZE, payload.length);
        out.write(frame);
        out.flush();
    }

    public static Received read(InputStream in, int maxPayload) throws IOException {
        byte[] head = in.readNBytes(FrameHeader.SIZE);
        if (head.length == 0) {
            throw new EOFException("connection closed by peer");
        }
        if (head.length < FrameHeader.SIZE) {
            throw new ProtocolException(ErrorCode.ESLURM_PROTOCOL_INCOMPLETE_PACKET, "truncated frame header");
        }
        FrameHeader header = FrameHeader.read(ByteBuffer.wrap(head), maxPayload);
        byte[] payload = in.readNBytes(header.payloadLength());
        if (payload.length < header.payloadLength()) {
            throw new ProtocolException(ErrorCode.ESLURM_PROTOCOL_INCOMPLETE_PACKET, "truncated frame payload");
        }
        return new Received(header, ByteBuffer.wrap(payload));
    }
}
