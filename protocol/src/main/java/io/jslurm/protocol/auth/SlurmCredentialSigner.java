package io.jslurm.protocol.auth;

import com.google.protobuf.ByteString;
import io.jslurm.protocol.proto.Credential;
import io.jslurm.protocol.proto.SlurmCredential;
import io.jslurm.protocol.wire.ProtoWriter;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.InstantSource;
import java.util.Objects;

/** Signs auth/slurm credentials; only holders of the cluster key can. */
public final class SlurmCredentialSigner {
    private final SlurmKey key;
    private final InstantSource clock;
    private final Duration lifetime;
    private final Nonces nonces;

    public SlurmCredentialSigner(SlurmKey key, InstantSource clock, Duration lifetime, SecureRandom random) {
        this(key, clock, lifetime, Nonces.of(Objects.requireNonNull(random, "random")));
    }

    /** Credentials valid for 60 seconds, with nonces from the kernel's random generator. */
    public SlurmCredentialSigner(SlurmKey key, InstantSource clock) {
        this(key, clock, Duration.ofSeconds(60), Nonces.kernel());
    }

    private SlurmCredentialSigner(SlurmKey key, InstantSource clock, Duration lifetime, Nonces nonces) {
        this.key = Objects.requireNonNull(key, "key");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.lifetime = Objects.requireNonNull(lifetime, "lifetime");
        this.nonces = nonces;
    }

    public Credential sign(long uid, long gid, String host) {
        Signed c = signed(uid, gid, host);
        return Credential.newBuilder()
                .setSlurm(SlurmCredential.newBuilder()
                        .setUid(c.uid)
                        .setGid(c.gid)
                        .setHost(c.host)
                        .setIssuedAtMs(c.issuedAtMs)
                        .setExpiresAtMs(c.expiresAtMs)
                        .setNonce(ByteString.copyFrom(c.nonce))
                        .setSignature(ByteString.copyFrom(c.signature)))
                .build();
    }

    /**
     * The same credential as the bytes of a {@link Credential} message, encoded by hand so that a command
     * signing its one request need not load protobuf-java (the tests compare it with {@link #sign}).
     */
    public byte[] signEncoded(long uid, long gid, String host) {
        Signed c = signed(uid, gid, host);
        ProtoWriter slurm = new ProtoWriter(128)
                .uint32IfSet(1, c.uid)
                .uint32IfSet(2, c.gid)
                .stringIfSet(3, c.host)
                .varintIfSet(4, c.issuedAtMs)
                .varintIfSet(5, c.expiresAtMs)
                .bytes(6, c.nonce)
                .bytes(7, c.signature);
        return new ProtoWriter(slurm.size() + 8).message(1, slurm).toByteArray();
    }

    private Signed signed(long uid, long gid, String host) {
        Identity checked = new Identity(uid, gid, host, SlurmAuth.PLUGIN_NAME);
        byte[] nonce = new byte[SlurmAuth.MIN_NONCE_LENGTH];
        nonces.fill(nonce);
        long now = clock.millis();
        int checkedUid = (int) checked.uid();
        int checkedGid = (int) checked.gid();
        long expires = now + lifetime.toMillis();
        byte[] signature = key.mac(SlurmCredentialCodec.signedBytes(checkedUid, checkedGid, checked.host(), now,
                expires, nonce));
        return new Signed(checkedUid, checkedGid, checked.host(), now, expires, nonce, signature);
    }

    /** One signed credential's fields (a plain class: a record's generated methods cost start-up time). */
    private static final class Signed {
        final int uid;
        final int gid;
        final String host;
        final long issuedAtMs;
        final long expiresAtMs;
        final byte[] nonce;
        final byte[] signature;

        Signed(int uid, int gid, String host, long issuedAtMs, long expiresAtMs, byte[] nonce, byte[] signature) {
            this.uid = uid;
            this.gid = gid;
            this.host = host;
            this.issuedAtMs = issuedAtMs;
            this.expiresAtMs = expiresAtMs;
            this.nonce = nonce;
            this.signature = signature;
        }
    }

    /** A source signing every credential for one fixed identity. */
    public CredentialSource sourceFor(long uid, long gid, String host) {
        new Identity(uid, gid, host, SlurmAuth.PLUGIN_NAME);
        return new CredentialSource() {
            @Override
            public Credential next() {
                return sign(uid, gid, host);
            }

            @Override
            public byte[] nextEncoded() {
                return signEncoded(uid, gid, host);
            }
        };
    }
}
