package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
    void slurmModeReplaysATraceThroughTheScheduler(@TempDir Path dir) throws Exception {
        // Four jobs on a 4-node machine: the 4-node job waits for the first two, the last one for it.
        Path trace = dir.resolve("tiny.swf");
        Files.writeString(trace, String.join("\n",
                "; MaxNodes: 4", "; MaxProcs: 4",
                "1 0 -1 100 2 -1 -1 2 200 -1 1 1 1 -1 1 -1 -1 -1",
                "2 0 -1 100 2 -1 -1 2 200 -1 1 1 1 -1 1 -1 -1 -1",
                "3 10 -1 100 4 -1 -1 4 200 -1 1 1 1 -1 1 -1 -1 -1",
                "4 20 -1 30 0 -1 -1 1 60 -1 1 1 1 -1 1 -1 -1 -1", ""));
        Path csv = dir.resolve("jobs.csv");
        Distribution.Result result = dist.run("slurmsim", "--trace", trace.toString(), "--mode", "slurm",
                "--jobs-csv", csv.toString());
        assertThat(result.exitCode()).as(result.stderr()).isZero();
        String[] lines = result.stdout().split("\n");
        assertThat(lines[lines.length - 1]).matches("avg_bsld=\\S+ avg_wait=\\S+ utilization=\\S+ jobs=4");
        assertThat(Files.readAllLines(csv)).containsExactly("window,job_id,submit,run,procs,start,wait,bsld",
                "0,1,0,100,2,0,0,1.000000", "0,2,0,100,2,0,0,1.000000", "0,3,10,100,4,100,90,1.900000",
                "0,4,20,30,1,200,180,7.000000");
    }
}
