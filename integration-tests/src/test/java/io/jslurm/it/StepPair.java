package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A batch job that starts one step, waits until its task runs, then starts a second, each task printing when it
 * started and ended: what the step-sharing ITs check. The second srun's exit status is printed as
 * {@code second-srun-exit=N}.
 */
final class StepPair {

    private StepPair() {
    }

    /** Writes "NAME start T" and "NAME end T" (seconds since the epoch) around two seconds of sleep. */
    private static Path probe(Cluster cluster) throws Exception {
        return cluster.script("timed.sh", "#!/bin/sh\necho \"$1 start $(date +%s.%N)\"\ntouch \"$2\"\n"
                + "sleep 2\necho \"$1 end $(date +%s.%N)\"\n");
    }

    /** @param jobOptions sbatch's options; the output goes to {@code NAME-JOBID.out} */
    static long submit(Cluster cluster, String name, List<String> jobOptions, String firstStepOptions,
                       String secondStepOptions) throws Exception {
        Path probe = probe(cluster);
        String marker = cluster.workDir().resolve(name + "-first-runs").toString();
        List<String> args = new ArrayList<>(jobOptions);
        args.addAll(List.of("-o", name + "-%j.out", "--wrap",
                "rm -f " + marker + "; srun " + firstStepOptions + " sh " + probe + " first " + marker + " & "
                        + "for i in $(seq 300); do [ -e " + marker + " ] && break; sleep 0.1; done; "
                        + "srun " + secondStepOptions + " sh " + probe + " second " + marker
                        + "; echo second-srun-exit=$?; wait"));
        return cluster.submit(args.toArray(String[]::new));
    }

    /** Waits for the job to complete; its output lines. */
    static List<String> finish(Cluster cluster, String name, long job) throws Exception {
        Path out = cluster.workDir().resolve(name + "-" + job + ".out");
        assertThat(cluster.awaitState(job, Cluster.patience(), "COMPLETED", "FAILED"))
                .as(Files.exists(out) ? Files.readString(out) : "(no output)").isEqualTo("COMPLETED");
        return Files.readAllLines(out);
    }

    static BigDecimal time(List<String> lines, String prefix) {
        return new BigDecimal(lines.stream().filter(l -> l.startsWith(prefix + " ")).findFirst()
                .orElseThrow(() -> new AssertionError("no '" + prefix + "' in " + lines))
                .substring(prefix.length() + 1));
    }

    /** The second step started only after the first ended, and srun said it waited. */
    static void assertSecondWaited(List<String> lines, long job) {
        assertThat(time(lines, "second start")).as(String.join("\n", lines))
                .isGreaterThanOrEqualTo(time(lines, "first end"));
        assertThat(lines).as(String.join("\n", lines))
                .contains("srun: Job " + job + " step creation temporarily disabled, retrying (Requested nodes are busy)",
                        "srun: Step created for job " + job, "second-srun-exit=0");
    }

    /** Both steps ran at once and neither waited. */
    static void assertRanTogether(List<String> lines) {
        assertThat(time(lines, "second start")).as(String.join("\n", lines)).isLessThan(time(lines, "first end"));
        assertThat(lines).as(String.join("\n", lines)).noneMatch(l -> l.contains("step creation"))
                .contains("second-srun-exit=0");
    }
}
