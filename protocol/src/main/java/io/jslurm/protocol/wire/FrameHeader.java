package io.jslurm.protocol.wire;

import io.jslurm.protocol.ErrorCode;
import io.jslurm.protocol.ProtocolVersion;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * The fixed header in front of every frame, big-endian:
 * <pre>
 *   0  u32 magic 0x4A534C4D ("JSLM")
 *   4  u16 protocol version
 *   6  u8  frame kind ({@link FrameKind})
 *   7  u8  flags, must be 0 (reserved for compression and the like)
 *   8  u32 payload length, at most the receiver's limit
 * </pre>
 * The magic lets a receiver tell a stray client (HTTP, a port scanner, real Slurm) from a peer
 * before it trusts the length.
 */
public record FrameHeader(int version, FrameKind kind, int payloadLength) {
    public static final int SIZE = 12;
    public static final int MAGIC = 0x4A534C4D;

    public FrameHeader {
        Objects.requireNonNull(kind, "kind");
        if (payloadLength < 0) {
            throw new IllegalArgumentException("negative payload length " + payloadLength);
        }
        if (version < 0 || version > 0xFFFF) {
            throw new IllegalArgumentException("version out of range: " + version);
        }
    }

    public static FrameHeader current(FrameKind kind, int payloadLength) {
        return new FrameHeader(ProtocolVersion.CURRENT, kind, payloadLength);
    }

    public void writeTo(ByteBuffer out) {
        out.putInt(MAGIC).putShort((short) version).put((byte) kind.wireValue()).put((byte) 0).putInt(payloadLength);
    }

    public byte[] toBytes() {
        ByteBuffer buf = ByteBuffer.allocate(SIZE);
        writeTo(buf);
        return buf.array();
    }

    /**
     * Reads and checks the {@link #SIZE} bytes at the buffer's position (which advances).
     *
     * @param maxPayload the largest payload this receiver accepts
     */
    public static FrameHeader read(ByteBuffer in, int maxPayload) throws ProtocolException {
        int magic = in.getInt();
        int version = Short.toUnsignedInt(in.getShort());
        int kindValue = Byte.toUnsignedInt(in.get());
        int flags = Byte.toUnsignedInt(in.get());
        long length = Integer.toUnsignedLong(in.getInt());
        if (magic != MAGIC) {
            throw new ProtocolException(ErrorCode.SLURM_UNEXPECTED_MSG_ERROR,
                    String.format("not a jslurm frame (magic 0x%08x)", magic));
        }
        if (!ProtocolVersion.isSupported(version)) {
            throw new ProtocolException(ErrorCode.SLURM_PROTOCOL_VERSION_ERROR, String.format(
                    "protocol version %d not supported (supported %d..%d)",
                    version, ProtocolVersion.OLDEST_SUPPORTED, ProtocolVersion.CURRENT));
        }
        FrameKind kind = FrameKind.fromWire(kindValue);
        if (kind == null) {
            throw new ProtocolException(ErrorCode.SLURM_UNEXPECTED_MSG_ERROR, "unknown frame kind " + kindValue);
        }
        if (flags != 0) {
            throw new ProtocolException(ErrorCode.SLURM_UNEXPECTED_MSG_ERROR, "unsupported frame flags " + flags);
        }
        if (length > maxPayload) {
            throw new ProtocolException(ErrorCode.SLURM_PROTOCOL_INSANE_MSG_LENGTH,
                    "frame of " + length + " bytes exceeds the limit of " + maxPayload);
        }
        return new FrameHeader(version, kind, (int) length);
    }
}
