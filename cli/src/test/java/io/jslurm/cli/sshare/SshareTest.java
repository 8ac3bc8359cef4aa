package io.jslurm.cli.sshare;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.cli.testing.Console;
import io.jslurm.protocol.proto.ShareInfoResponse;
import io.jslurm.protocol.proto.ShareInfoRow;
import java.util.List;
import org.junit.jupiter.api.Test;

class SshareTest {

    static final ShareInfoResponse ANSWER = ShareInfoResponse.newBuilder()
            .addRows(ShareInfoRow.newBuilder().setAccount("root").setDepth(0).setRawShares(1).setNormShares(1)
                    .setRawUsage(1600).setNormUsage(1).setEffectvUsage(1).setLevelFs(Double.NaN)
                    .setFairshare(Double.NaN))
            .addRows(ShareInfoRow.newBuilder().setAccount("chemistry").setDepth(1).setRawShares(1).setNormShares(0.5)
                    .setRawUsage(0).setNormUsage(0).setEffectvUsage(0).setLevelFs(Double.POSITIVE_INFINITY)
                    .setFairshare(Double.NaN))
            .addRows(ShareInfoRow.newBuilder().setAccount("chemistry").setUser("bob").setDepth(2).setRawShares(1)
                    .setNormShares(1).setRawUsage(0).setEffectvUsage(0).setLevelFs(Double.POSITIVE_INFINITY)
                    .setFairshare(1))
            .addRows(ShareInfoRow.newBuilder().setAccount("physics").setDepth(1).setRawShares(1).setNormShares(0.5)
                    .setRawUsage(1600.7).setNormUsage(1).setEffectvUsage(1).setLevelFs(0.5)
                    .setFairshare(Double.NaN))
            .addRows(ShareInfoRow.newBuilder().setAccount("physics").setUser("alice").setDepth(2).setRawShares(1)
                    .setNormShares(1).setRawUsage(1600.7).setNormUsage(1).setEffectvUsage(1).setLevelFs(1)
                    .setFairshare(0.5))
            .build();

    private static String run(String... args) {
        Console console = Console.offline();
        int status = new Sshare(console.env()).show(List.of(args), ANSWER);
        assertThat(status).as(console.err()).isZero();
        return console.out();
    }

    @Test
    void defaultColumnsIndentAccountsByDepth() {
        assertThat(run()).isEqualTo("""
                Account                    User  RawShares  NormShares    RawUsage  EffectvUsage  FairShare\s
                -------------------- ---------- ---------- ----------- ----------- ------------- ----------\s
                root                                          1.000000        1600      1.000000           \s
                 chemistry                               1    0.500000           0      0.000000           \s
                  chemistry                 bob          1    1.000000           0      0.000000   1.000000\s
                 physics                                 1    0.500000        1600      1.000000           \s
                  physics                 alice          1    1.000000        1600      1.000000   0.500000\s
                """);
    }

    @Test
    void longAddsNormUsageAndLevelFs() {
        List<String> lines = run("-l", "-n").lines().toList();

        assertThat(lines).hasSize(5);
        assertThat(lines.get(2)).startsWith("  chemistry                 bob          1    1.000000           0"
                + "    0.000000      0.000000   1.000000        inf");
        assertThat(lines.get(4)).contains("   0.500000   1.000000 ");
    }

    @Test
    void parsableOutputs() {
        assertThat(run("-P").lines().toList()).startsWith(
                "Account|User|RawShares|NormShares|RawUsage|EffectvUsage|FairShare",
                "root|||1.000000|1600|1.000000|");
        assertThat(run("-p", "-n").lines().toList()).contains("  physics|alice|1|1.000000|1600|1.000000|0.500000|");
    }
}
