package io.jslurm.protocol.auth;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.protocol.TestClock;
import io.jslurm.protocol.proto.Credential;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The hand-encoded credential is the generated one byte for byte, and the server accepts it. */
class SlurmCredentialEncodingTest {

    private static final SlurmKey KEY = SlurmKey.of("encoding-test-key-0123456789abcdef0123456789"
            .getBytes(StandardCharsets.UTF_8));
    private final TestClock clock = new TestClock(Instant.parse("2026-11-30T10:00:00.123Z"));

    /** Two signers drawing the same nonces. */
    private SlurmCredentialSigner signer() throws Exception {
        SecureRandom random = SecureRandom.getInstance("SHA1PRNG");
        random.setSeed(42);
        return new SlurmCredentialSigner(KEY, clock, Duration.ofSeconds(60), random);
    }

    @Test
    void encodedCredentialIsTheGeneratedMessagesBytes() throws Exception {
        SlurmCredentialSigner generated = signer();
        SlurmCredentialSigner encoded = signer();
        long[][] identities = {{1000, 100}, {0, 0}, {Identity.MAX_ID, Identity.MAX_ID}, {4_000_000_000L, 1}};
        for (long[] id : identities) {
            for (String host : new String[] {"login1", "", "höst.example"}) {
                assertThat(encoded.signEncoded(id[0], id[1], host)).as("%d %d %s", id[0], id[1], host)
                        .isEqualTo(generated.sign(id[0], id[1], host).toByteArray());
            }
        }
    }

    @Test
    void sourcesHandOutEncodedCredentialsTheVerifierAccepts() throws Exception {
        CredentialSource source = signer().sourceFor(1000, 100, "login1");
        SlurmAuth verifier = new SlurmAuth(KEY, clock);
        Credential first = Credential.parseFrom(source.nextEncoded());
        Credential second = Credential.parseFrom(source.nextEncoded());
        assertThat(verifier.verify(first)).isEqualTo(new Identity(1000, 100, "login1", SlurmAuth.PLUGIN_NAME));
        assertThat(verifier.verify(second).uid()).isEqualTo(1000);
        assertThat(first.getSlurm().getNonce()).isNotEqualTo(second.getSlurm().getNonce());
    }

    @Test
    void kernelNoncesMakeFreshCredentialsTheVerifierAccepts() throws Exception {
        CredentialSource source = new SlurmCredentialSigner(KEY, clock).sourceFor(1000, 100, "login1");
        SlurmAuth verifier = new SlurmAuth(KEY, clock);
        java.util.Set<com.google.protobuf.ByteString> nonces = new java.util.HashSet<>();
        for (int i = 0; i < 50; i++) {
            Credential credential = Credential.parseFrom(source.nextEncoded());
            assertThat(verifier.verify(credential).uid()).isEqualTo(1000);
            assertThat(credential.getSlurm().getNonce().size()).isEqualTo(SlurmAuth.MIN_NONCE_LENGTH);
            nonces.add(credential.getSlurm().getNonce());
        }
        assertThat(nonces).as("no nonce repeats").hasSize(50);
    }
}
