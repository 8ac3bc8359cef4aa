package io.jslurm.protocol.auth;

import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * What a jslurm auth/munge credential seals besides munge's own uid, gid and encode time: the
 * requesting host (munge reports only an address) and a random nonce, so two credentials are
 * never equal. Layout: domain tag, host length u16 + UTF-8, nonce length u8 + bytes.
 */
record MungePayload(String host, byte[] nonce) {
    static final int NONCE_LENGTH = 16;
    private static final byte[] DOMAIN = "jslurm auth/munge v1\0".getBytes(StandardCharsets.US_ASCII);

    MungePayload {
        Objects.requireNonNull(host, "host");
        nonce = nonce.clone();
        if (host.isEmpty() || host.getBytes(StandardCharsets.UTF_8).length > 0xFFFF) {
            throw new IllegalArgumentException("host must be 1 to 65535 bytes");
        }
        if (nonce.length < NONCE_LENGTH || nonce.length > 0xFF) {
            throw new IllegalArgumentException("nonce must be " + NONCE_LENGTH + " to 255 bytes");
        }
    }

    @Override
    public byte[] nonce() {
        return nonce.clone();
    }

    byte[] toBytes() {
        byte[] hostBytes = host.getBytes(StandardCharsets.UTF_8);
        return ByteBuffer.allocate(DOMAIN.length + 2 + hostBytes.length + 1 + nonce.length)
                .put(DOMAIN)
                .putShort((short) hostBytes.length).put(hostBytes)
                .put((byte) nonce.length).put(nonce)
                .array();
    }

    /** The payload of a jslurm credential; anything else (another program's credential) is refused. */
    static MungePayload parse(byte[] bytes) {
        if (bytes.length < DOMAIN.length || !Arrays.equals(bytes, 0, DOMAIN.length, DOMAIN, 0, DOMAIN.length)) {
            throw new IllegalArgumentException("payload is not a jslurm auth/munge payload");
        }
        ByteBuffer buf = ByteBuffer.wrap(bytes).position(DOMAIN.length);
        try {
            byte[] host = new byte[Short.toUnsignedInt(buf.getShort())];
            buf.get(host);
            byte[] nonce = new byte[Byte.toUnsignedInt(buf.get())];
            buf.get(nonce);
            if (buf.hasRemaining()) {
                throw new IllegalArgumentException("payload has trailing bytes");
            }
            return new MungePayload(new String(host, StandardCharsets.UTF_8), nonce);
        } catch (BufferUnderflowException e) {
            throw new IllegalArgumentException("payload is truncated");
        }
    }
}
