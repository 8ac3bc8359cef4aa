package io.jslurm.protocol.auth;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;

/**
 * HMAC-SHA256 (RFC 2104) over {@link MessageDigest}. javax.crypto.Mac gives the same result but
 * loads the SunJCE provider, which costs a cold command JVM tens of milliseconds; the SHA-256
 * digest comes from the SUN provider that is loaded anyway. Checked against javax.crypto.Mac and
 * the RFC 4231 vectors in the tests.
 */
final class HmacSha256 {
    static final int LENGTH = 32;
    private static final int BLOCK = 64;

    private final byte[] innerPad = new byte[BLOCK];
    private final byte[] outerPad = new byte[BLOCK];

    HmacSha256(byte[] key) {
        byte[] k = key.length > BLOCK ? newDigest().digest(key) : key;
        for (int i = 0; i < BLOCK; i++) {
            byte b = i < k.length ? k[i] : 0;
            innerPad[i] = (byte) (b ^ 0x36);
            outerPad[i] = (byte) (b ^ 0x5c);
        }
        if (k != key) {
            Arrays.fill(k, (byte) 0);
        }
    }

    /** Thread safe: every call uses its own digest. */
    byte[] mac(byte[] message) {
        MessageDigest digest = newDigest();
        digest.update(innerPad);
        byte[] inner = digest.digest(message);
        digest.update(outerPad);
        return digest.digest(inner);
    }

    private static MessageDigest newDigest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every JDK", e);
        }
    }
}
