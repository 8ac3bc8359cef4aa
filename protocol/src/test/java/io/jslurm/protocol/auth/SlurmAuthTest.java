package io.jslurm.protocol.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import io.jslurm.protocol.ErrorCode;
import io.jslurm.protocol.TestClock;
import io.jslurm.protocol.proto.Credential;
import io.jslurm.protocol.proto.SlurmCredential;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class SlurmAuthTest {
    static final SlurmKey KEY = SlurmKey.of("0123456789abcdef0123456789abcdef-cluster-one".getBytes(StandardCharsets.UTF_8));
    static final SlurmKey OTHER_KEY = SlurmKey.of("fedcba9876543210fedcba9876543210-cluster-two".getBytes(StandardCharsets.UTF_8));

    final TestClock clock = new TestClock(Instant.parse("2026-11-30T12:00:00Z"));
    final SlurmCredentialSigner signer =
            new SlurmCredentialSigner(KEY, clock, Duration.ofSeconds(60), new SecureRandom());
    final Authenticator authenticator = new Authenticator(List.of(new SlurmAuth(KEY, clock)));

    @Test
    void acceptsAValidCredentialAndReportsWhoSignedIt() throws Exception {
        Identity who = authenticator.verify(signer.sign(1000, 100, "login1"));
        assertThat(who).isEqualTo(new Identity(1000, 100, "login1", "auth/slurm"));
    }

    @Test
    void carriesIdsAboveTwoToThe31() throws Exception {
        Identity who = authenticator.verify(signer.sign(4_000_000_000L, 65534, "login1"));
        assertThat(who.uid()).isEqualTo(4_000_000_000L);
    }

    @Test
    void refusesAnExpiredCredential() {
        Credential credential = signer.sign(1000, 100, "login1");
        clock.advance(Duration.ofSeconds(60 + 11));
        assertRefused(credential, "expired");
    }

    @Test
    void toleratesClockSkewWithinTheAllowance() throws Exception {
        Credential credential = signer.sign(1000, 100, "login1");
        clock.advance(Duration.ofSeconds(65));
        assertThat(authenticator.verify(credential).uid()).isEqualTo(1000);
    }

    @Test
    void refusesACredentialIssuedInTheFuture() {
        TestClock ahead = new TestClock(clock.instant().plus(Duration.ofMinutes(2)));
        Credential credential = new SlurmCredentialSigner(KEY, ahead).sign(1000, 100, "login1");
        assertRefused(credential, "future");
    }

    @Test
    void refusesAReplayedCredential() throws Exception {
        Credential credential = signer.sign(1000, 100, "login1");
        authenticator.verify(credential);
        assertRefused(credential, "replayed");
    }

    @Test
    void refusesAForgedSignature() {
        Credential genuine = signer.sign(1000, 100, "login1");
        Credential asRoot = genuine.toBuilder().setSlurm(genuine.getSlurm().toBuilder().setUid(0)).build();
        assertRefused(asRoot, "signature mismatch");
    }

    @Test
    void refusesACredentialSignedWithAnotherKey() {
        Credential credential = new SlurmCredentialSigner(OTHER_KEY, clock).sign(1000, 100, "login1");
        assertRefused(credential, "signature mismatch");
    }

    @Test
    void refusesAnUnsignedCredential() {
        Credential genuine = signer.sign(1000, 100, "login1");
        Credential unsigned = genuine.toBuilder().setSlurm(genuine.getSlurm().toBuilder().clearSignature()).build();
        assertRefused(unsigned, "malformed");
    }

    @Test
    void refusesARequestWithoutCredential() {
        assertThatThrownBy(() -> authenticator.verify(Credential.getDefaultInstance()))
                .isInstanceOfSatisfying(AuthException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(ErrorCode.SLURM_PROTOCOL_AUTHENTICATION_ERROR))
                .hasMessageContaining("no credential");
    }

    @Test
    void refusesALifetimeLongerThanAllowed() {
        SlurmCredentialSigner generous = new SlurmCredentialSigner(KEY, clock, Duration.ofHours(2), new SecureRandom());
        assertRefused(generous.sign(1000, 100, "login1"), "lifetime");
    }

    @Test
    void signatureCoversEveryField() {
        Credential genuine = signer.sign(1000, 100, "login1");
        SlurmCredential c = genuine.getSlurm();
        List<SlurmCredential> tampered = List.of(
                c.toBuilder().setGid(0).build(),
                c.toBuilder().setHost("login2").build(),
                c.toBuilder().setIssuedAtMs(c.getIssuedAtMs() - 1).build(),
                c.toBuilder().setExpiresAtMs(c.getExpiresAtMs() + 1).build(),
                c.toBuilder().setNonce(ByteString.copyFrom(new byte[16])).build());
        for (SlurmCredential t : tampered) {
            assertRefused(Credential.newBuilder().setSlurm(t).build(), "signature mismatch");
        }
    }

    private void assertRefused(Credential credential, String why) {
        assertThatThrownBy(() -> authenticator.verify(credential))
                .isInstanceOfSatisfying(AuthException.class,
                        e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.ESLURM_AUTH_CRED_INVALID))
                .hasMessageContaining(why);
    }
}
