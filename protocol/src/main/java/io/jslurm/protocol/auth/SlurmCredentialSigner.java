package io.jslurm.protocol.auth;

import com.google.protobuf.ByteString;
import io.jslurm.protocol.proto.Credential;
import io.jslurm.protocol.proto.SlurmCredential;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.Objects;

/** Signs auth/slurm credentials; only holders of the cluster key can. */
public final class SlurmCredentialSigner {
    private final SlurmKey key;
    private final InstantSource clock;
    private final Duration lifetime;
    private final SecureRandom random;

    public SlurmCredentialSigner(SlurmKey key, InstantSource clock, Duration lifetime, SecureRandom random) {
        this.key = Objects.requireNonNull(key, "key");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.lifetime = Objects.requireNonNull(lifetime, "lifetime");
        this.random = Objects.requireNonNull(random, "random");
    }

    /** Credentials valid for 60 seconds. */
    public SlurmCredentialSigner(SlurmKey key, InstantSource clock) {
        this(key, clock, Duration.ofSeconds(60), new SecureRandom());
    }

    public Credential sign(long uid, long gid, String host) {
        Identity checked = new Identity(uid, gid, host, SlurmAuth.PLUGIN_NAME);
        byte[] nonce = new byte[SlurmAuth.MIN_NONCE_LENGTH];
        random.nextBytes(nonce);
        Instant now = clock.instant();
        SlurmCredential unsigned = SlurmCredential.newBuilder()
                .setUid((int) checked.uid())
                .setGid((int) checked.gid())
                .setHost(checked.host())
                .setIssuedAtMs(now.toEpochMilli())
                .setExpiresAtMs(now.plus(lifetime).toEpochMilli())
                .setNonce(ByteString.copyFrom(nonce))
                .build();
        byte[] signature = SlurmCredentialCodec.sign(key, unsigned);
        return Credential.newBuilder()
                .setSlurm(unsigned.toBuilder().setSignature(ByteString.copyFrom(signature)))
                .build();
    }

    /** A source signing every credential for one fixed identity. */
    public CredentialSource sourceFor(long uid, long gid, String host) {
        new Identity(uid, gid, host, SlurmAuth.PLUGIN_NAME);
        return () -> sign(uid, gid, host);
    }
}
