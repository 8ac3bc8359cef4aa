package io.jslurm.protocol.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

class HmacSha256Test {

    @Test
    void matchesRfc4231TestVectors() {
        // Test case 2: short key
        assertThat(hex(new HmacSha256("Jefe".getBytes(StandardCharsets.US_ASCII))
                .mac("what do ya want for nothing?".getBytes(StandardCharsets.US_ASCII))))
                .isEqualTo("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
        // Test case 6: key longer than the block size is hashed first
        byte[] longKey = new byte[131];
        java.util.Arrays.fill(longKey, (byte) 0xaa);
        assertThat(hex(new HmacSha256(longKey).mac(
                "Test Using Larger Than Block-Size Key - Hash Key First".getBytes(StandardCharsets.US_ASCII))))
                .isEqualTo("60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54");
    }

    @Test
    void agreesWithTheJdkMacOnRandomKeysAndMessages() throws Exception {
        Random random = new Random(7);
        for (int i = 0; i < 500; i++) {
            byte[] key = new byte[1 + random.nextInt(200)];
            byte[] message = new byte[random.nextInt(300)];
            random.nextBytes(key);
            random.nextBytes(message);
            Mac jdk = Mac.getInstance("HmacSHA256");
            jdk.init(new SecretKeySpec(key, "HmacSHA256"));
            assertThat(new HmacSha256(key).mac(message)).isEqualTo(jdk.doFinal(message));
        }
    }

    @Test
    void oneInstanceGivesEveryMessageItsOwnMacAlsoFromManyThreadsAtOnce() throws Exception {
        byte[] key = new byte[64];
        new Random(11).nextBytes(key);
        HmacSha256 shared = new HmacSha256(key);
        Mac jdk = Mac.getInstance("HmacSHA256");
        jdk.init(new SecretKeySpec(key, "HmacSHA256"));
        byte[][] messages = new byte[200][];
        byte[][] expected = new byte[messages.length][];
        Random random = new Random(13);
        for (int i = 0; i < messages.length; i++) {
            messages[i] = new byte[random.nextInt(300)];
            random.nextBytes(messages[i]);
            expected[i] = jdk.doFinal(messages[i]);
        }
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(4);
        try {
            List<java.util.concurrent.Future<Boolean>> results = new java.util.ArrayList<>();
            for (int t = 0; t < 8; t++) {
                results.add(pool.submit(() -> {
                    for (int round = 0; round < 20; round++) {
                        for (int i = 0; i < messages.length; i++) {
                            if (!java.util.Arrays.equals(shared.mac(messages[i]), expected[i])) {
                                return false;
                            }
                        }
                    }
                    return true;
                }));
            }
            for (var result : results) {
                assertThat(result.get()).isTrue();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static String hex(byte[] bytes) {
        return HexFormat.of().formatHex(bytes);
    }
}
