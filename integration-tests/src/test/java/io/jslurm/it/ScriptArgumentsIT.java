package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code sbatch script.sh ARG...} runs the script with those arguments, word for word: through sbatch, the
 * controller's job record and slurmd's launch, for a plain job, an array's tasks, and a held job that is released
 * only after slurmctld was killed and started again (so the arguments came back from the state files).
 */
class ScriptArgumentsIT {

    /** Prints the argument count, then each argument between brackets so empty ones and spaces show. */
    private static final String SCRIPT = """
            #!/bin/bash
            echo "count=$#"
            for word in "$@"; do printf '[%s]\\n' "$word"; done
            """;

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(1, 0, false));

    private static List<String> output(Path file) throws Exception {
        return Files.readAllLines(file, StandardCharsets.UTF_8);
    }

    @Test
    void theScriptGetsEachArgumentUnchanged() throws Exception {
        Cluster cluster = CLUSTER.get();
        Path script = cluster.script("args.sh", SCRIPT);
        long job = cluster.submit("--mem=64M", "-o", cluster.workDir() + "/args_%j.out", script.toString(),
                "a b", "", "c", "it's \"q\" $HOME *", "r\u00e9sum\u00e9 \u65e5\u672c");
        assertThat(cluster.awaitState(job, Cluster.patience(), "COMPLETED", "FAILED")).isEqualTo("COMPLETED");
        assertThat(output(cluster.workDir().resolve("args_" + job + ".out"))).containsExactly("count=5", "[a b]",
                "[]", "[c]", "[it's \"q\" $HOME *]", "[r\u00e9sum\u00e9 \u65e5\u672c]");
        // As in Slurm, Command= is the script's absolute path without its arguments; --json's command alike.
        assertThat(cluster.ok("scontrol", "show", "job", Long.toString(job))).contains("Command=" + script + "\n");
        assertThat(cluster.ok("scontrol", "--json", "show", "job", Long.toString(job)))
                .containsPattern("\"command\"\\s*:\\s*\"" + java.util.regex.Pattern.quote(script.toString()) + "\"");

        long relative = cluster.submit("--mem=64M", "-o", "/dev/null", "args.sh", "x");
        assertThat(cluster.ok("scontrol", "show", "job", Long.toString(relative)))
                .contains("Command=" + cluster.workDir().resolve("args.sh") + "\n");
        long wrapped = cluster.submit("--mem=64M", "-o", "/dev/null", "--wrap", "true");
        assertThat(cluster.ok("scontrol", "show", "job", Long.toString(wrapped))).contains("Command=(null)\n");
    }

    @Test
    void everyArrayTaskGetsTheSameArguments() throws Exception {
        Cluster cluster = CLUSTER.get();
        Path script = cluster.script("args.sh", SCRIPT);
        long job = cluster.submit("--mem=64M", "--array=0-1", "-o", cluster.workDir() + "/arr_%A_%a.out",
                script.toString(), "x y", "");
        for (int task = 0; task <= 1; task++) {
            assertThat(cluster.awaitState(job + "_" + task, Cluster.patience(), "COMPLETED", "FAILED"))
                    .isEqualTo("COMPLETED");
            assertThat(output(cluster.workDir().resolve("arr_" + job + "_" + task + ".out")))
                    .containsExactly("count=2", "[x y]", "[]");
        }
    }

    @Test
    void aHeldJobKeepsItsArgumentsAcrossAControllerRestart() throws Exception {
        Cluster cluster = CLUSTER.get();
        Path script = cluster.script("args.sh", SCRIPT);
        long job = cluster.submit("--hold", "--mem=64M", "-o", cluster.workDir() + "/held_%j.out",
                script.toString(), "a b", "", "c");
        assertThat(cluster.awaitState(job, Duration.ofSeconds(10), "PENDING")).isEqualTo("PENDING");

        cluster.kill9("slurmctld");
        cluster.up(Duration.ofSeconds(30));
        assertThat(cluster.awaitState(job, Cluster.patience(), "PENDING")).isEqualTo("PENDING");
        cluster.ok("scontrol", "release", Long.toString(job));

        assertThat(cluster.awaitState(job, Cluster.patience(), "COMPLETED", "FAILED")).isEqualTo("COMPLETED");
        assertThat(output(cluster.workDir().resolve("held_" + job + ".out")))
                .containsExactly("count=3", "[a b]", "[]", "[c]");
    }
}
