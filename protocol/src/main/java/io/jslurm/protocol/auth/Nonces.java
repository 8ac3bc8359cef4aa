package io.jslurm.protocol.auth;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.security.SecureRandom;

/**
 * Random bytes for credential nonces. By default straight from the kernel's generator ({@code /dev/urandom},
 * which NativePRNG, the JDK's default SecureRandom on Linux, reads too): a command signs one credential, and
 * setting up SecureRandom for it (provider lookup, seeding its SHA1PRNG mix) cost a fresh command JVM about
 * 8 ms of CPU. Where the device cannot be read, a SecureRandom made on first use.
 */
abstract class Nonces {

    private static final String KERNEL_SOURCE = "/dev/urandom";

    abstract void fill(byte[] nonce);

    static Nonces of(SecureRandom random) {
        return new Nonces() {
            @Override
            void fill(byte[] nonce) {
                random.nextBytes(nonce);
            }
        };
    }

    static Nonces kernel() {
        return new Nonces() {
            private SecureRandom fallback;

            @Override
            void fill(byte[] nonce) {
                try (InputStream in = new FileInputStream(KERNEL_SOURCE)) {
                    if (in.readNBytes(nonce, 0, nonce.length) == nonce.length) {
                        return;
                    }
                } catch (IOException | SecurityException unreadable) {
                    // not Linux, or the device hidden: the JDK's generator
                }
                synchronized (this) {
                    if (fallback == null) {
                        fallback = new SecureRandom();
                    }
                    fallback.nextBytes(nonce);
                }
            }
        };
    }
}
