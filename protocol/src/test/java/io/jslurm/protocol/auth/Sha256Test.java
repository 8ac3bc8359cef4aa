package io.jslurm.protocol.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;

class Sha256Test {

    @Test
    void matchesTheFipsExamples() {
        assertThat(hex(Sha256.digest("abc".getBytes(StandardCharsets.US_ASCII))))
                .isEqualTo("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        assertThat(hex(Sha256.digest("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
                .getBytes(StandardCharsets.US_ASCII))))
                .isEqualTo("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
        assertThat(hex(Sha256.digest(new byte[0])))
                .isEqualTo("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    }

    @Test
    void agreesWithTheJdkDigestAtEveryLengthAroundTheBlockBoundaries() throws Exception {
        Random random = new Random(11);
        for (int length = 0; length < 300; length++) {
            byte[] message = new byte[length];
            random.nextBytes(message);
            assertThat(Sha256.digest(message)).as("length %d", length)
                    .isEqualTo(MessageDigest.getInstance("SHA-256").digest(message));
        }
        byte[] big = new byte[1_000_003];
        random.nextBytes(big);
        Sha256 pieces = new Sha256();
        for (int offset = 0; offset < big.length; offset += 777) {
            pieces.update(big, offset, Math.min(777, big.length - offset));
        }
        assertThat(pieces.finish()).isEqualTo(MessageDigest.getInstance("SHA-256").digest(big));
    }

    private static String hex(byte[] bytes) {
        return HexFormat.of().formatHex(bytes);
    }
}
