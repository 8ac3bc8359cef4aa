package io.jslurm.protocol.auth;

import io.jslurm.protocol.ErrorCode;
import io.jslurm.protocol.proto.Credential;
import io.jslurm.protocol.proto.SlurmCredential;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.Objects;

/** auth/slurm verification: HMAC-SHA256 with the cluster key, expiry, and single use. */
public final class SlurmAuth implements AuthMethod {
    public static final String PLUGIN_NAME = "auth/slurm";
    static final int SIGNATURE_LENGTH = 32;
    static final int MIN_NONCE_LENGTH = 16;

    private final SlurmKey key;
    private final InstantSource clock;
    private final Duration clockSkew;
    private final Duration maxLifetime;
    private final ReplayCache replayCache;

    /**
     * @param clockSkew   how far apart the signer's and our clocks may be
     * @param maxLifetime the longest validity a credential may claim
     * @param replayCapacity how many unexpired credentials to remember
     */
    public SlurmAuth(SlurmKey key, InstantSource clock, Duration clockSkew, Duration maxLifetime, int replayCapacity) {
        this.key = Objects.requireNonNull(key, "key");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.clockSkew = Objects.requireNonNull(clockSkew, "clockSkew");
        this.maxLifetime = Objects.requireNonNull(maxLifetime, "maxLifetime");
        this.replayCache = new ReplayCache(replayCapacity);
    }

    /** Defaults: 10 s skew, 5 min lifetime, 262,144 remembered credentials (about 40 MB when full). */
    public SlurmAuth(SlurmKey key, InstantSource clock) {
        this(key, clock, Duration.ofSeconds(10), Duration.ofMinutes(5), 262_144);
    }

    @Override
    public String pluginName() {
        return PLUGIN_NAME;
    }

    @Override
    public boolean accepts(Credential credential) {
        return credential.getMethodCase() == Credential.MethodCase.SLURM;
    }

    @Override
    public Identity verify(Credential credential) throws AuthException {
        if (!accepts(credential)) {
            throw invalid("not an auth/slurm credential");
        }
        SlurmCredential c = credential.getSlurm();
        if (c.getSignature().size() != SIGNATURE_LENGTH || c.getNonce().size() < MIN_NONCE_LENGTH
                || c.getNonce().size() > 255 || c.getHost().isEmpty()) {
            throw invalid("malformed credential");
        }
        byte[] expected = SlurmCredentialCodec.sign(key, c);
        byte[] signature = c.getSignature().toByteArray();
        if (!MessageDigest.isEqual(expected, signature)) {
            throw invalid("signature mismatch (forged, or signed with another key)");
        }
        Instant now = clock.instant();
        Instant issued = Instant.ofEpochMilli(c.getIssuedAtMs());
        Instant expires = Instant.ofEpochMilli(c.getExpiresAtMs());
        if (issued.isAfter(now.plus(clockSkew))) {
            throw invalid("credential issued in the future (" + issued + "); check clock synchronisation");
        }
        if (!expires.plus(clockSkew).isAfter(now)) {
            throw invalid("credential expired at " + expires);
        }
        if (expires.isBefore(issued) || Duration.between(issued, expires).compareTo(maxLifetime) > 0) {
            throw invalid("credential lifetime exceeds " + maxLifetime);
        }
        switch (replayCache.record(signature, expires.plus(clockSkew), now)) {
            case REPLAYED:
                throw invalid("credential replayed");
            case OUTSIDE_WINDOW:
                throw invalid("credential older than the replay window");
            default:
                break;
        }
        return new Identity(Integer.toUnsignedLong(c.getUid()), Integer.toUnsignedLong(c.getGid()), c.getHost(),
                PLUGIN_NAME);
    }

    private static AuthException invalid(String why) {
        return new AuthException(ErrorCode.ESLURM_AUTH_CRED_INVALID, why);
    }
}
