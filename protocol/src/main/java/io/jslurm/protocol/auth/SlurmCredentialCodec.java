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
        return signedBytes(c.getUid(), c.getGid(), c.getHost(), c.getIssuedAtMs(), c.getExpiresAtMs(),
                c.getNonce().toByteArray());
    }

    /** The same bytes from the fields themselves, for signers that do not build the message. */
    static byte[] signedBytes(int uid, int gid, String hostName, long issuedAtMs, long expiresAtMs, byte[] nonce) {
        byte[] host = hostName.getBytes(StandardCharsets.UTF_8);
        if (host.length > 0xFFFF || nonce.length > 0xFF) {
            throw new IllegalArgumentException("host or nonce too long to sign");
        }
        ByteBuffer buf = ByteBuffer.allocate(DOMAIN.length + 4 + 4 + 2 + host.length + 8 + 8 + 1 + nonce.length);
        buf.put(DOMAIN)
                .putInt(uid)
                .putInt(gid)
                .putShort((short) host.length).put(host)
                .putLong(issuedAtMs)
                .putLong(expiresAtMs)
                .put((byte) nonce.length).put(nonce);
        return buf.array();
    }

    static byte[] sign(SlurmKey key, SlurmCredential c) {
        return key.mac(signedBytes(c));
    }
}
