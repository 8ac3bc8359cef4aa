package io.jslurm.protocol.auth;

import java.security.SecureRandom;

/** Lets tests in other packages build what only this package builds. */
public final class AuthTestAccess {
    private AuthTestAccess() {
    }

    /** The payload a jslurm auth/munge credential seals, with a fresh nonce. */
    public static byte[] payload(String host) {
        byte[] nonce = new byte[MungePayload.NONCE_LENGTH];
        new SecureRandom().nextBytes(nonce);
        return new MungePayload(host, nonce).toBytes();
    }
}
