package io.jslurm.protocol.auth;

import io.jslurm.protocol.proto.Credential;
import io.jslurm.protocol.proto.MungeCredential;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Objects;

/** Fresh auth/munge credentials for this process: munged stamps its uid and gid, whoever runs it. */
public final class MungeCredentialSource implements CredentialSource {
    private final Munge munge;
    private final String host;
    private final Duration ttl;
    private final SecureRandom random;

    /** @param ttl credential lifetime; zero takes munged's default (300 s unless configured) */
    public MungeCredentialSource(Munge munge, String host, Duration ttl, SecureRandom random) {
        this.munge = Objects.requireNonNull(munge, "munge");
        this.host = Objects.requireNonNull(host, "host");
        this.ttl = Objects.requireNonNull(ttl, "ttl");
        this.random = Objects.requireNonNull(random, "random");
        if (ttl.isNegative()) {
            throw new IllegalArgumentException("ttl must not be negative");
        }
    }

    public MungeCredentialSource(Munge munge, String host) {
        this(munge, host, Duration.ZERO, new SecureRandom());
    }

    @Override
    public Credential next() throws MungeException {
        byte[] nonce = new byte[MungePayload.NONCE_LENGTH];
        random.nextBytes(nonce);
        String sealed = munge.encode(new MungePayload(host, nonce).toBytes(), ttl);
        return Credential.newBuilder().setMunge(MungeCredential.newBuilder().setCredential(sealed)).build();
    }
}
