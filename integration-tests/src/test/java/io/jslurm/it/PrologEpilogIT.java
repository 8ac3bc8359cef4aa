package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * slurm.conf Prolog, Epilog and TaskProlog on a two-node cluster, as seed 004 uses them (a node-local cache
 * warmed by the prolog): they run as root with the job's variables on every node the job uses, a failing prolog
 * drains its node ("Prolog error") and requeues the job held, a failing epilog drains its node ("Epilog error").
 * The cluster runs with PrologFlags=Alloc, so every node of a job runs the prolog when the job starts.
 * The programs fail on a node when a marker file for that node exists, so each test picks its failure.
 */
class PrologEpilogIT {

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(2, 0, false));

    private static Path hooks;

    private static Cluster cluster() {
        return CLUSTER.get();
    }

    @BeforeAll
    static void configureHooks() throws Exception {
        hooks = Files.createDirectories(cluster().dir().resolve("hooks"));
        Path logs = Files.createDirectories(cluster().workDir().resolve("hook-logs"));
        program("prolog", """
                #!/bin/sh
                echo "$SLURM_SCRIPT_CONTEXT job=$SLURM_JOB_ID node=$SLURMD_NODENAME user=$SLURM_JOB_USER uid=$(id -u)" \\
                    >> %s/prolog.log
                mkdir -p %s/cache-$SLURMD_NODENAME && echo warmed > %s/cache-$SLURMD_NODENAME/image
                [ ! -e %s/fail-prolog-$SLURMD_NODENAME ]
                """.formatted(logs, logs, logs, hooks));
        program("epilog", """
                #!/bin/sh
                echo "$SLURM_SCRIPT_CONTEXT job=$SLURM_JOB_ID node=$SLURMD_NODENAME" >> %s/epilog.log
                [ ! -e %s/fail-epilog-$SLURMD_NODENAME ]
                """.formatted(logs, hooks));
        program("task_prolog", """
                #!/bin/sh
                echo "export HOOK_CACHE=/cache/$SLURMD_NODENAME"
                echo "unset HOOK_DROPPED"
                echo "print task prolog ran as $(id -un) for task $SLURM_PROCID"
                """);
        Path conf = cluster().dir().resolve("etc/slurm.conf");
        Files.writeString(conf, "Prolog=" + hooks.resolve("prolog") + "\nEpilog=" + hooks.resolve("epilog")
                + "\nTaskProlog=" + hooks.resolve("task_prolog") + "\nPrologEpilogTimeout=30\nPrologFlags=Alloc\n",
                StandardOpenOption.APPEND);
        cluster().localCommand(List.of("down", "--dir", cluster().dir().toString()));
        cluster().up();
    }

    private static void program(String name, String text) throws IOException {
        Path file = hooks.resolve(name);
        Files.writeString(file, text);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private static Path logs() {
        return cluster().workDir().resolve("hook-logs");
    }

    @Test
    void prologAndEpilogRunOnEveryNodeOfTheJob() throws Exception {
        long job = cluster().submit("-N2", "-n2", "--wrap", "srun hostname");
        assertThat(cluster().awaitState(job, Cluster.patience(), "COMPLETED", "FAILED")).isEqualTo("COMPLETED");

        List<String> prologs = awaitLines(logs().resolve("prolog.log"), "job=" + job + " ", 2);
        assertThat(prologs).containsExactlyInAnyOrder(
                "prolog_slurmd job=" + job + " node=node1 user=root uid=0",
                "prolog_slurmd job=" + job + " node=node2 user=root uid=0");
        assertThat(logs().resolve("cache-node2/image")).hasContent("warmed");
        assertThat(awaitLines(logs().resolve("epilog.log"), "job=" + job + " ", 2)).containsExactlyInAnyOrder(
                "epilog_slurmd job=" + job + " node=node1", "epilog_slurmd job=" + job + " node=node2");
    }

    /** PrologFlags=Alloc: the prolog runs on every node at allocation, also where no step ever runs. */
    @Test
    void withAllocThePrologRunsOnNodesWithoutSteps() throws Exception {
        long job = cluster().submit("-N2", "--wrap", "true");
        assertThat(cluster().awaitState(job, Cluster.patience(), "COMPLETED", "FAILED")).isEqualTo("COMPLETED");
        assertThat(awaitLines(logs().resolve("prolog.log"), "job=" + job + " ", 2)).containsExactlyInAnyOrder(
                "prolog_slurmd job=" + job + " node=node1 user=root uid=0",
                "prolog_slurmd job=" + job + " node=node2 user=root uid=0");
    }

    @Test
    void taskPrologChangesTheEnvironmentOfTheBatchScriptAndOfStepTasks() throws Exception {
        long job = cluster().submit("-N1", "-w", "node1", "--export=ALL,HOOK_DROPPED=1", "-o", "task-%j.out",
                "--wrap", "echo batch HOOK_CACHE=$HOOK_CACHE HOOK_DROPPED=${HOOK_DROPPED:-unset}; "
                        + "srun sh -c 'echo step HOOK_CACHE=$HOOK_CACHE'");
        assertThat(cluster().awaitState(job, Cluster.patience(), "COMPLETED", "FAILED")).isEqualTo("COMPLETED");
        List<String> out = Files.readAllLines(cluster().workDir().resolve("task-" + job + ".out"));
        assertThat(out.get(0)).isEqualTo("task prolog ran as root for task 0");
        assertThat(out).contains("batch HOOK_CACHE=/cache/node1 HOOK_DROPPED=unset",
                "task prolog ran as root for task 0", "step HOOK_CACHE=/cache/node1");
    }

    @Test
    void failingPrologDrainsTheNodeAndRequeuesTheJobHeld() throws Exception {
        Path marker = Files.createFile(hooks.resolve("fail-prolog-node2"));
        try {
            long job = cluster().submit("-w", "node2", "--wrap", "echo should not run");
            awaitOutput(() -> cluster().ok("sinfo", "-R", "-h", "-o", "%N %E"), s -> s.contains("node2 Prolog error"));
            awaitOutput(() -> cluster().ok("scontrol", "show", "job", Long.toString(job)),
                    s -> s.contains("JobState=PENDING") && s.contains("Reason=JobHeldAdmin"));
            assertThat(cluster().workDir().resolve("slurm-" + job + ".out")).doesNotExist();
            cluster().ok("scancel", Long.toString(job));
        } finally {
            Files.delete(marker);
            cluster().ok("scontrol", "update", "nodename=node2", "state=resume");
        }
    }

    @Test
    void failingEpilogDrainsTheNode() throws Exception {
        Path marker = Files.createFile(hooks.resolve("fail-epilog-node1"));
        try {
            long job = cluster().submit("-w", "node1", "--wrap", "true");
            assertThat(cluster().awaitState(job, Cluster.patience(), "COMPLETED", "FAILED")).isEqualTo("COMPLETED");
            awaitOutput(() -> cluster().ok("sinfo", "-R", "-h", "-o", "%N %E"), s -> s.contains("node1 Epilog error"));
        } finally {
            Files.delete(marker);
            cluster().ok("scontrol", "update", "nodename=node1", "state=resume");
        }
    }

    private interface Command {
        String run() throws Exception;
    }

    private static void awaitOutput(Command command, Predicate<String> done) throws Exception {
        long deadline = System.nanoTime() + Cluster.patience().toNanos();
        String last = "";
        while (System.nanoTime() < deadline) {
            last = command.run();
            if (done.test(last)) {
                return;
            }
            TimeUnit.MILLISECONDS.sleep(250);
        }
        throw new AssertionError("never as expected; last output:\n" + last);
    }

    private static List<String> awaitLines(Path file, String containing, int count) throws Exception {
        long deadline = System.nanoTime() + Cluster.patience().toNanos();
        List<String> lines = List.of();
        while (System.nanoTime() < deadline) {
            lines = Files.exists(file) ? Files.readAllLines(file).stream().filter(l -> l.contains(containing)).toList()
                    : List.of();
            if (lines.size() >= count) {
                return lines;
            }
            TimeUnit.MILLISECONDS.sleep(Duration.ofMillis(100).toMillis());
        }
        return lines;
    }
}
