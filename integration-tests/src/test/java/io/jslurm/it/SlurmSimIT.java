package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** bin/slurmsim as a script would drive it, on the published Lublin-1 windows. */
class SlurmSimIT {

    private static final int[] WINDOW_STARTS = {1981, 2756, 4299, 8850, 3316, 2714, 5228, 7762, 4022, 7085};

    private final Distribution dist = Distribution.fromBuild();

    private static Path traces() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolveSibling("shared").resolve("scheduling/traces");
            if (Files.isDirectory(candidate)) {
                return candidate;
            }
            candidate = dir.resolve("shared/scheduling/traces");
            if (Files.isDirectory(candidate)) {
                return candidate;
            }
        }
        throw new IllegalStateException("no shared/scheduling/traces beside the repository");
    }

    @Test
    void sjfWithBackfillReproducesThePublishedMeanOnLublin1() throws Exception {
        List<String> args = new ArrayList<>(List.of("--trace", traces().resolve("lublin_256.swf.gz").toString(),
                "--mode", "reference", "--policy", "sjf", "--backfill"));
        for (int start : WINDOW_STARTS) {
            args.add("--window");
            args.add(start + ":1024");
        }
        Distribution.Result result = dist.run("slurmsim", args.toArray(String[]::new));
        assertThat(result.exitCode()).as(result.stderr()).isZero();
        String[] lines = result.stdout().split("\n");
        assertThat(lines).hasSize(11);
        assertThat(lines[10]).startsWith("avg_bsld=73.31 ").endsWith(" jobs=10240");
    }

    @Test
    void slurmModeIsNotBuiltYetAndSaysSo() throws Exception {
        Distribution.Result result = dist.run("slurmsim", "--mode", "slurm", "--trace",
                traces().resolve("lublin_256.swf.gz").toString());
        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.stderr()).contains("--mode slurm is not implemented yet");
    }
}
