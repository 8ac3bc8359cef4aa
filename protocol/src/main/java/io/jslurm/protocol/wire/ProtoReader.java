package io.jslurm.protocol.wire;

import io.jslurm.protocol.ErrorCode;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads protobuf wire format field by field, for the few answers a command decodes on its start-up path
 * (see {@link ProtoWriter}). Unknown fields are skipped, as the generated parsers skip them.
 *
 * <pre>
 *   ProtoReader r = new ProtoReader(bytes);
 *   while (r.next()) {
 *       switch (r.field()) { case 1 -> id = r.varint(); default -> r.skip(); }
 *   }
 * </pre>
 */
public final class ProtoReader {

    private final byte[] bytes;
    private final int end;
    private int position;
    private int field;
    private int wireType;

    public ProtoReader(byte[] bytes) {
        this(bytes, 0, bytes.length);
    }

    public ProtoReader(byte[] bytes, int offset, int length) {
        this.bytes = bytes;
        this.position = offset;
        this.end = offset + length;
    }

    /** Advances to the next field; false at the end of the message. */
    public boolean next() throws ProtocolException {
        if (position >= end) {
            return false;
        }
        long tag = rawVarint();
        field = (int) (tag >>> 3);
        wireType = (int) (tag & 7);
        if (field <= 0) {
            throw malformed("field number " + field);
        }
        return true;
    }

    public int field() {
        return field;
    }

    /** The current field as a varint (int32, uint32, int64, uint64, bool, enum). */
    public long varint() throws ProtocolException {
        expect(0);
        return rawVarint();
    }

    /** The current length-delimited field: bytes, a string or an embedded message. */
    public byte[] bytes() throws ProtocolException {
        expect(2);
        int length = length();
        byte[] value = Arrays.copyOfRange(bytes, position, position + length);
        position += length;
        return value;
    }

    public String string() throws ProtocolException {
        expect(2);
        int length = length();
        String value = new String(bytes, position, length, StandardCharsets.UTF_8);
        position += length;
        return value;
    }

    /** Passes over the current field, whatever its type. */
    public void skip() throws ProtocolException {
        switch (wireType) {
            case 0 -> rawVarint();
            case 1 -> advance(8);
            case 2 -> advance(length());
            case 5 -> advance(4);
            default -> throw malformed("wire type " + wireType + " of field " + field);
        }
    }

    private void expect(int type) throws ProtocolException {
        if (wireType != type) {
            throw malformed("wire type " + wireType + " of field " + field);
        }
    }

    private int length() throws ProtocolException {
        long length = rawVarint();
        if (length < 0 || length > end - position) {
            throw malformed("length " + length + " of field " + field);
        }
        return (int) length;
    }

    private void advance(int count) throws ProtocolException {
        if (count > end - position) {
            throw malformed("truncated field " + field);
        }
        position += count;
    }

    private long rawVarint() throws ProtocolException {
        long value = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (position >= end) {
                throw malformed("truncated varint");
            }
            byte b = bytes[position++];
            value |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                return value;
            }
        }
        throw malformed("varint longer than ten bytes");
    }

    private static ProtocolException malformed(String what) {
        return new ProtocolException(ErrorCode.ESLURM_PROTOCOL_INCOMPLETE_PACKET, "malformed message: " + what);
    }
}
