package io.jslurm.protocol.auth;

import io.jslurm.protocol.proto.SlurmCredential;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The bytes an auth/slurm signature covers. Protobuf serialisation is not canonical, so the
 * signature is computed over this fixed layout instead:
 * domain tag, uid u32, gid u32, host length u16 + UTF-8, issued i64, expires i64, nonce length u8 + bytes.
 */
final class SlurmCredentialCodec {
    private static final byte[] DOMAIN = "jslurm auth/slurm v1\0".getBytes(StandardCharsets.US_ASCII);

    private SlurmCredentialCodec() {
    }

    static byte[] signedBytes(SlurmCredential c) {
        byte[] host = c.getHost().getBytes(StandardCharsets.UTF_8);
        byte[] nonce = c.getNonce().toByteArray();
        if (host.length > 0xFFFF || nonce.length > 0xFF) {
            throw new IllegalArgumentException("host or nonce too long to sign");
        }
        ByteBuffer buf = ByteBuffer.allocate(DOMAIN.length + 4 + 4 + 2 + host.length + 8 + 8 + 1 + nonce.length);
        buf.put(DOMAIN)
                .putInt(c.getUid())
                .putInt(c.getGid())
                .putShort((short) host.length).put(host)
                .putLong(c.getIssuedAtMs())
                .putLong(c.getExpiresAtMs())
                .put((byte) nonce.length).put(nonce);
        return buf.array();
    }

    static byte[] sign(SlurmKey key, SlurmCredential c) {
        return key.mac(signedBytes(c));
    }
}
