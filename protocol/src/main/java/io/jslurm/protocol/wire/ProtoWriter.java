package io.jslurm.protocol.wire;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Protobuf wire encoding by hand, for the few messages a command sends on its start-up path: protobuf-java's
 * generated classes and runtime cost a fresh command JVM tens of milliseconds to load and run. Callers write
 * fields in field-number order and skip proto3 defaults as the generated code does, so the bytes are the same
 * as the generated classes' (the tests of each hand-coded message compare them).
 */
public final class ProtoWriter {

    private static final int VARINT = 0;
    private static final int LENGTH_DELIMITED = 2;

    private byte[] bytes;
    private int size;

    public ProtoWriter() {
        this(256);
    }

    public ProtoWriter(int capacity) {
        bytes = new byte[Math.max(16, capacity)];
    }

    /** A uint32/uint64/int64/enum/bool field, also when zero (fields with explicit presence). */
    public ProtoWriter varint(int field, long value) {
        tag(field, VARINT);
        rawVarint(value);
        return this;
    }

    /** A uint32 field: the value's 32 bits, never sign-extended. */
    public ProtoWriter uint32(int field, int value) {
        return varint(field, Integer.toUnsignedLong(value));
    }

    /** An int32 field: negative values sign-extended to ten bytes, as protobuf encodes them. */
    public ProtoWriter int32(int field, int value) {
        return varint(field, value);
    }

    /** A proto3 implicit-presence uint32 field: nothing when zero. */
    public ProtoWriter uint32IfSet(int field, int value) {
        return value == 0 ? this : uint32(field, value);
    }

    /** A proto3 implicit-presence 64-bit or enum field: nothing when zero. */
    public ProtoWriter varintIfSet(int field, long value) {
        return value == 0 ? this : varint(field, value);
    }

    public ProtoWriter boolIfSet(int field, boolean value) {
        return value ? varint(field, 1) : this;
    }

    /** A string field, also when empty. */
    public ProtoWriter string(int field, String value) {
        return bytes(field, value.getBytes(StandardCharsets.UTF_8));
    }

    /** A proto3 implicit-presence string field: nothing when empty. */
    public ProtoWriter stringIfSet(int field, String value) {
        return value.isEmpty() ? this : string(field, value);
    }

    /** A bytes field, or an embedded message already encoded (also when empty: a set message field). */
    public ProtoWriter bytes(int field, byte[] value) {
        tag(field, LENGTH_DELIMITED);
        rawVarint(value.length);
        append(value, value.length);
        return this;
    }

    /** An embedded message field from another writer. */
    public ProtoWriter message(int field, ProtoWriter message) {
        tag(field, LENGTH_DELIMITED);
        rawVarint(message.size);
        append(message.bytes, message.size);
        return this;
    }

    /** A packed repeated varint field (proto3's encoding of repeated enums and integers): nothing when empty. */
    public ProtoWriter packedVarints(int field, int[] values) {
        if (values.length == 0) {
            return this;
        }
        ProtoWriter packed = new ProtoWriter(values.length * 2);
        for (int value : values) {
            packed.rawVarint(value);
        }
        return message(field, packed);
    }

    public int size() {
        return size;
    }

    public byte[] toByteArray() {
        return Arrays.copyOf(bytes, size);
    }

    private void tag(int field, int wireType) {
        rawVarint((long) field << 3 | wireType);
    }

    private void rawVarint(long value) {
        ensure(10);
        while ((value & ~0x7FL) != 0) {
            bytes[size++] = (byte) ((value & 0x7F) | 0x80);
            value >>>= 7;
        }
        bytes[size++] = (byte) value;
    }

    private void append(byte[] source, int length) {
        ensure(length);
        System.arraycopy(source, 0, bytes, size, length);
        size += length;
    }

    private void ensure(int more) {
        if (size + more > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + more));
        }
    }
}
