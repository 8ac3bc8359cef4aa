package io.jslurm.protocol.auth;

import java.util.Arrays;

/**
 * HMAC-SHA256 (RFC 2104) over {@link Sha256}. javax.crypto.Mac gives the same result but loads the
 * SunJCE provider, and even {@code MessageDigest.getInstance} sets up the provider framework: tens of
 * milliseconds, then about 11, of a cold command JVM's start-up. Checked against javax.crypto.Mac and
 * the RFC 4231 vectors in the tests.
 */
final class HmacSha256 {
    static final int LENGTH = Sha256.LENGTH;
    private static final int BLOCK = Sha256.BLOCK;

    /*
     * The digests after the key's padded block, taken once: every MAC then starts from a copy, which saves two of
     * the five compressions a credential's MAC costs (the controller verifies one per request).
     * Never updated after the constructor, so concurrent callers may copy them.
     */
    private final Sha256 innerStart = new Sha256();
    private final Sha256 outerStart = new Sha256();

    HmacSha256(byte[] key) {
        byte[] k = key.length > BLOCK ? Sha256.digest(key) : key;
        byte[] innerPad = new byte[BLOCK];
        byte[] outerPad = new byte[BLOCK];
        for (int i = 0; i < BLOCK; i++) {
            byte b = i < k.length ? k[i] : 0;
            innerPad[i] = (byte) (b ^ 0x36);
            outerPad[i] = (byte) (b ^ 0x5c);
        }
        innerStart.update(innerPad);
        outerStart.update(outerPad);
        Arrays.fill(innerPad, (byte) 0);
        Arrays.fill(outerPad, (byte) 0);
        if (k != key) {
            Arrays.fill(k, (byte) 0);
        }
    }

    /**
     * Each thread's own two digests and inner result, reset for every MAC: a fresh pair cost about 900 bytes of
     * arrays per MAC, and the controller computes one per request on its event loops.
     */
    private final ThreadLocal<Scratch> scratch = ThreadLocal.withInitial(Scratch::new);

    private static final class Scratch {
        private final Sha256 inner = new Sha256();
        private final Sha256 outer = new Sha256();
        private final byte[] innerDigest = new byte[LENGTH];
    }

    /** Thread safe: every thread uses its own digests. */
    byte[] mac(byte[] message) {
        Scratch s = scratch.get();
        s.inner.resetTo(innerStart);
        s.inner.update(message);
        s.inner.finish(s.innerDigest);
        s.outer.resetTo(outerStart);
        s.outer.update(s.innerDigest);
        byte[] out = new byte[LENGTH];
        s.outer.finish(out);
        return out;
    }
}
