package io.jslurm.slurmctld.state;

import java.nio.charset.StandardCharsets;

/** Reads what {@link BinaryWriter} wrote; any overrun or malformed number is a {@link CorruptStateException}. */
final class BinaryReader {

    private final byte[] bytes;
    private final int end;
    private int position;

    BinaryReader(byte[] bytes) {
        this.bytes = bytes;
        this.end = bytes.length;
    }

    boolean hasMore() {
        return position < end;
    }

    private void need(int count) {
        if (count < 0 || end - position < count) {
            throw new CorruptStateException("record ends early at byte " + position);
        }
    }

    int readByte() {
        need(1);
        return bytes[position++] & 0xFF;
    }

    boolean readBoolean() {
        int b = readByte();
        if (b > 1) {
            throw new CorruptStateException("not a boolean: " + b);
        }
        return b == 1;
    }

    long readLong() {
        long zigzag = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            int b = readByte();
            zigzag |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                return (zigzag >>> 1) ^ -(zigzag & 1);
            }
        }
        throw new CorruptStateException("varint longer than 64 bits");
    }

    int readInt() {
        long value = readLong();
        if (value != (int) value) {
            throw new CorruptStateException("number out of int range: " + value);
        }
        return (int) value;
    }

    int readCount() {
        int count = readInt();
        if (count < 0 || count > end - position) {
            throw new CorruptStateException("implausible count " + count);
        }
        return count;
    }

    String readString() {
        int length = readCount();
        if (length == 0) {
            return "";
        }
        String value = new String(bytes, position, length, StandardCharsets.UTF_8);
        position += length;
        return value;
    }
}
