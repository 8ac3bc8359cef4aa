package io.jslurm.slurmctld.state;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A growable byte buffer with the primitives of the state file format: zig-zag varints for numbers (job ids,
 * times and counts are small and sometimes -1), length-prefixed UTF-8 for text.
 */
final class BinaryWriter {

    private byte[] bytes;
    private int size;

    BinaryWriter(int initialCapacity) {
        bytes = new byte[Math.max(16, initialCapacity)];
    }

    int size() {
        return size;
    }

    void reset() {
        size = 0;
    }

    /** Forgets everything written after {@code newSize}. */
    void truncate(int newSize) {
        if (newSize < 0 || newSize > size) {
            throw new IllegalArgumentException("cannot truncate " + size + " bytes to " + newSize);
        }
        size = newSize;
    }

    byte[] toByteArray() {
        return Arrays.copyOf(bytes, size);
    }

    /** The backing array; valid up to {@link #size()}, until the next write. */
    byte[] array() {
        return bytes;
    }

    private void ensure(int more) {
        if (size + more > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + more));
        }
    }

    void writeByte(int value) {
        ensure(1);
        bytes[size++] = (byte) value;
    }

    void writeBoolean(boolean value) {
        writeByte(value ? 1 : 0);
    }

    void writeIntFixed(int value) {
        ensure(4);
        bytes[size++] = (byte) (value >>> 24);
        bytes[size++] = (byte) (value >>> 16);
        bytes[size++] = (byte) (value >>> 8);
        bytes[size++] = (byte) value;
    }

    void writeLongFixed(long value) {
        writeIntFixed((int) (value >>> 32));
        writeIntFixed((int) value);
    }

    /** Overwrites four bytes already written, for a length known only after its content. */
    void setIntFixed(int at, int value) {
        bytes[at] = (byte) (value >>> 24);
        bytes[at + 1] = (byte) (value >>> 16);
        bytes[at + 2] = (byte) (value >>> 8);
        bytes[at + 3] = (byte) value;
    }

    void writeLong(long value) {
        long zigzag = (value << 1) ^ (value >> 63);
        ensure(10);
        while ((zigzag & ~0x7FL) != 0) {
            bytes[size++] = (byte) ((zigzag & 0x7F) | 0x80);
            zigzag >>>= 7;
        }
        bytes[size++] = (byte) zigzag;
    }

    void writeInt(int value) {
        writeLong(value);
    }

    void writeString(String value) {
        int length = value.length();
        if (isAscii(value, length)) {
            // Nearly every string of a job (names, paths, the environment) is ASCII: its UTF-8 is one byte per
            // char, written straight into the buffer instead of through a new array per string.
            writeInt(length);
            ensure(length);
            for (int i = 0; i < length; i++) {
                bytes[size++] = (byte) value.charAt(i);
            }
            return;
        }
        byte[] utf8 = value.getBytes(StandardCharsets.UTF_8);
        writeInt(utf8.length);
        writeBytes(utf8, 0, utf8.length);
    }

    private static boolean isAscii(String value, int length) {
        for (int i = 0; i < length; i++) {
            if (value.charAt(i) >= 0x80) {
                return false;
            }
        }
        return true;
    }

    void writeBytes(byte[] source, int offset, int length) {
        ensure(length);
        System.arraycopy(source, offset, bytes, size, length);
        size += length;
    }
}
