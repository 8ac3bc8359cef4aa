package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * GPUs of steps inside a batch job, on one node with four stand-in GPUs (slurm-local confines devices): a step
 * that asks fewer GPUs than its job may open only its own, and the job's --gpu-bind reaches its steps.
 */
class StepGpusIT {

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(1, 4, false));

    private static final String DENIED = "Operation_not_permitted";
    private static final String OPENS = "No_such_device_or_address";

    private static Cluster cluster() {
        return CLUSTER.get();
    }

    /**
     * The job holds two GPUs; its batch script may open both, a step started with {@code srun --gpus=1} only the
     * first of them (a stand-in device opens up to the missing driver, ENXIO; a denied one fails with EPERM). The
     * job has 1G: srun inside it is a JVM.
     */
    @Test
    void aStepWithFewerGpusThanItsJobCannotOpenTheJobsOthers() throws Exception {
        Assumptions.assumeTrue(new com.sun.security.auth.module.UnixSystem().getUid() == 0, "needs root");
        Path dev = cluster().dir().resolve("dev");
        Path probe = cluster().script("probe.sh", "#!/bin/sh\necho $1 gpus=$SLURM_STEP_GPUS cuda=$CUDA_VISIBLE_DEVICES"
                + " $(for f in " + dev + "/nvidia[0-3]; do printf '%s:%s ' ${f##*/} "
                + "\"$( (exec 3<$f) 2>&1 | sed 's/.*: //;s/ /_/g')\"; done)\n");
        long job = cluster().submit("-n1", "--gres=gpu:2", "--mem=1G", "-o", "gpus-%j.out", "--wrap",
                "sh " + probe + " batch; srun --gpus=1 sh " + probe + " step");

        assertThat(cluster().awaitState(job, Cluster.patience(), "COMPLETED", "FAILED")).as(output("gpus-" + job))
                .isEqualTo("COMPLETED");
        List<String> lines = Files.readAllLines(cluster().workDir().resolve("gpus-" + job + ".out"));
        String batch = lines.stream().filter(l -> l.startsWith("batch ")).findFirst().orElseThrow();
        String step = lines.stream().filter(l -> l.startsWith("step ")).findFirst().orElseThrow();
        List<String> jobGpus = openable(batch);
        assertThat(jobGpus).as(batch).hasSize(2);
        assertThat(openable(step)).as(step).containsExactly(jobGpus.get(0));
        assertThat(step).contains(" cuda=0 ").contains("gpus=" + jobGpus.get(0).substring("nvidia".length()) + " ");
        assertThat(step).contains(jobGpus.get(1) + ":" + DENIED);
    }

    /**
     * Two one-GPU steps started side by side in a two-GPU job each get (and may open) a different GPU (with --exact,
     * as in Slurm 22.05: without it the first step would hold all the job's CPUs and the second wait). The first
     * step waits for the second's output before it ends, so both run at once. 2G: two srun JVMs.
     */
    @Test
    void stepsStartedSideBySideGetDifferentGpus() throws Exception {
        Assumptions.assumeTrue(new com.sun.security.auth.module.UnixSystem().getUid() == 0, "needs root");
        Path dev = cluster().dir().resolve("dev");
        Path both = cluster().workDir().resolve("side-by-side");
        Path probe = cluster().script("probe2.sh", "#!/bin/sh\nline=\"$1 $(for f in " + dev + "/nvidia[0-3]; do "
                + "printf '%s:%s ' ${f##*/} \"$( (exec 3<$f) 2>&1 | sed 's/.*: //;s/ /_/g')\"; done)\"\n"
                + "echo \"$line\" >> " + both + "\necho \"$line\"\n"
                + "for i in $(seq 100); do [ $(wc -l < " + both + ") -ge 2 ] && exit 0; sleep 0.2; done\n");
        // --mem-per-cpu, not --mem: each srun takes the job's memory option (SLURM_MEM_PER_*), and two steps of
        // --mem=2G could not run side by side in a job of 2G.
        long job = cluster().submit("-n2", "--gres=gpu:2", "--mem-per-cpu=1G", "-o", "side-%j.out", "--wrap",
                "srun -n1 --exact --gpus=1 sh " + probe + " first & srun -n1 --exact --gpus=1 sh " + probe + " second & wait");

        assertThat(cluster().awaitState(job, Cluster.patience(), "COMPLETED", "FAILED")).as(output("side-" + job))
                .isEqualTo("COMPLETED");
        List<String> lines = Files.readAllLines(cluster().workDir().resolve("side-" + job + ".out"));
        List<String> first = openable(lines.stream().filter(l -> l.startsWith("first ")).findFirst().orElseThrow());
        List<String> second = openable(lines.stream().filter(l -> l.startsWith("second ")).findFirst().orElseThrow());
        assertThat(first).as(String.join("\n", lines)).hasSize(1);
        assertThat(second).as(String.join("\n", lines)).hasSize(1).doesNotContainAnyElementsOf(first);
    }

    /** sbatch --gpu-bind=map_gpu:1,0: each task of the step gets the GPU the map names, not its own position. */
    @Test
    void theJobsGpuBindReachesItsSteps() throws Exception {
        long job = cluster().submit("-n2", "--gres=gpu:2", "--gpu-bind=map_gpu:1,0", "--mem=1G", "-o", "bind-%j.out",
                "--wrap", "echo env=$SLURM_GPU_BIND; srun -n2 --gpus-per-task=1 -l bash -c 'echo cuda=$CUDA_VISIBLE_DEVICES'");

        assertThat(cluster().awaitState(job, Cluster.patience(), "COMPLETED", "FAILED")).as(output("bind-" + job))
                .isEqualTo("COMPLETED");
        assertThat(Files.readAllLines(cluster().workDir().resolve("bind-" + job + ".out")))
                .containsExactlyInAnyOrder("env=map_gpu:1,0", "0: cuda=1", "1: cuda=0");
    }

    private static List<String> openable(String line) {
        return List.of(line.split(" ")).stream().filter(w -> w.endsWith(":" + OPENS))
                .map(w -> w.substring(0, w.indexOf(':'))).toList();
    }

    private static String output(String name) {
        Path file = cluster().workDir().resolve(name + ".out");
        try {
            return Files.exists(file) ? Files.readString(file) : "(no " + file + ")";
        } catch (java.io.IOException e) {
            return e.toString();
        }
    }
}
