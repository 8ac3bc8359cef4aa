package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The seed articles' job scripts on a four-node cluster with eight stand-in GPUs per node, as written except
 * where a two-core machine cannot hold them: CPU and memory requests are scaled down, the GPU type is dropped
 * (stand-in GPUs have none), and the training launchers are replaced by scripts that print what they would use.
 */
class GpuWorkloadsIT {

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(4, 8, false));

    private static Cluster cluster() {
        return CLUSTER.get();
    }

    @BeforeAll
    static void logsDirectory() throws Exception {
        Files.createDirectories(CLUSTER.get().workDir().resolve("logs"));
    }

    /** Seed 000, example one: single-node 8-GPU fine-tuning, torchrun replaced by a print of its environment. */
    @Test
    void singleNodeEightGpuJobSeesItsGpusAndSlurmVariables() throws Exception {
        cluster().script("train_job.sh", """
                #!/bin/bash
                #SBATCH --job-name=llm-finetune          # job name
                #SBATCH --partition=debug                # target partition
                #SBATCH --nodes=1                        # one node
                #SBATCH --ntasks-per-node=1              # tasks per node
                #SBATCH --gres=gpu:8                     # eight GPUs
                #SBATCH --cpus-per-task=2                # CPUs per task
                #SBATCH --mem=256M                       # memory
                #SBATCH --time=24:00:00                  # time limit
                #SBATCH --output=logs/finetune_%j.out    # standard output
                #SBATCH --error=logs/finetune_%j.err     # standard error

                export MASTER_ADDR=$(hostname)
                export MASTER_PORT=29500

                # torchrun --nproc_per_node=8 ... finetune_llm.py, replaced by what it would read:
                env | grep -E '^(CUDA_VISIBLE_DEVICES|SLURM_[A-Z_]+|MASTER_ADDR|MASTER_PORT)=' | sort
                """);
        long job = cluster().submit("train_job.sh");

        assertThat(cluster().awaitState(job, Cluster.patience(), "COMPLETED", "FAILED")).isEqualTo("COMPLETED");
        Map<String, String> env = EnvironmentFile.read(cluster().workDir().resolve("logs/finetune_" + job + ".out"));
        assertThat(env).containsEntry("CUDA_VISIBLE_DEVICES", "0,1,2,3,4,5,6,7")
                .containsEntry("SLURM_JOB_ID", Long.toString(job))
                .containsEntry("SLURM_JOB_NAME", "llm-finetune")
                .containsEntry("SLURM_JOB_PARTITION", "debug")
                .containsEntry("SLURM_NNODES", "1")
                .containsEntry("SLURM_NTASKS", "1")
                .containsEntry("SLURM_CPUS_PER_TASK", "2")
                .containsEntry("SLURM_GPUS_ON_NODE", "8")
                .containsEntry("SLURM_CLUSTER_NAME", "local")
                .containsEntry("SLURM_SUBMIT_DIR", cluster().workDir().toString())
                .containsEntry("MASTER_PORT", "29500");
        assertThat(env.get("SLURM_JOB_NODELIST")).matches("node[1-4]");
        assertThat(cluster().workDir().resolve("logs/finetune_" + job + ".err")).exists();
    }

    /**
     * Device confinement with stand-in GPUs (root only: slurmd makes cgroups): a one-GPU job may open its own
     * GPU's device file (which then fails only for want of a driver, ENXIO) and is refused the node's seven
     * others by the cgroup (EPERM).
     */
    @Test
    void aJobMayOpenOnlyItsOwnGpuDevice() throws Exception {
        Assumptions.assumeTrue(new com.sun.security.auth.module.UnixSystem().getUid() == 0, "needs root");
        Path dev = cluster().dir().resolve("dev");
        long job = cluster().submit("--gres=gpu:1", "--mem=64M", "--wrap", "echo node=$SLURM_JOB_NODELIST; for f in "
                + dev + "/nvidia*; do echo \"$f: $( (exec 3<$f) 2>&1 | sed 's/.*: //')\"; done");

        assertThat(cluster().awaitState(job, Cluster.patience(), "COMPLETED", "FAILED")).isEqualTo("COMPLETED");
        String out = Files.readString(cluster().workDir().resolve("slurm-" + job + ".out"));
        int node = Integer.parseInt(out.replaceAll("(?s)^node=node(\\d+).*", "$1"));
        Map<String, String> result = new LinkedHashMap<>();
        out.lines().filter(l -> l.startsWith(dev.toString())).forEach(l -> result.put(
                l.substring(0, l.indexOf(": ")), l.substring(l.indexOf(": ") + 2)));
        List<String> nodeResults = new java.util.ArrayList<>();
        for (int minor = (node - 1) * 8; minor < node * 8; minor++) {
            nodeResults.add(result.get(dev.resolve("nvidia" + minor).toString()));
        }
        assertThat(nodeResults).as(out).containsOnly("No such device or address", "Operation not permitted");
        assertThat(nodeResults).filteredOn("No such device or address"::equals).hasSize(1);
    }

    /** Seed 000, example three: a 16-task hyper-parameter search, each task its own lr and batch size. */
    @Test
    void arrayJobRunsSixteenTasksEachWithItsOwnOutputFileAndPair() throws Exception {
        cluster().script("hparam.sh", """
                #!/bin/bash
                #SBATCH --job-name=hparam-search
                #SBATCH --partition=debug
                #SBATCH --array=0-15                    # sixteen jobs, ids 0-15
                #SBATCH --nodes=1
                #SBATCH --gres=gpu:2                    # two GPUs each
                #SBATCH --mem=64M
                #SBATCH --time=8:00:00
                #SBATCH --output=logs/hparam_%A_%a.out

                LEARNING_RATES=(1e-5 2e-5 5e-5 1e-4)
                BATCH_SIZES=(8 16 32 64)

                LR_IDX=$((SLURM_ARRAY_TASK_ID / 4))
                BS_IDX=$((SLURM_ARRAY_TASK_ID % 4))

                LR=${LEARNING_RATES[$LR_IDX]}
                BS=${BATCH_SIZES[$BS_IDX]}

                echo "Task $SLURM_ARRAY_TASK_ID: lr=$LR, batch_size=$BS"
                echo "gpus=$CUDA_VISIBLE_DEVICES array=$SLURM_ARRAY_JOB_ID"
                """);
        long job = cluster().submit("hparam.sh");

        List<String> rates = List.of("1e-5", "2e-5", "5e-5", "1e-4");
        List<String> sizes = List.of("8", "16", "32", "64");
        long deadline = System.nanoTime() + Cluster.patience().multipliedBy(2).toNanos();
        for (int task = 0; task < 16; task++) {
            Path out = cluster().workDir().resolve("logs/hparam_" + job + "_" + task + ".out");
            String expected = "Task " + task + ": lr=" + rates.get(task / 4) + ", batch_size=" + sizes.get(task % 4);
            while (!(Files.exists(out) && Files.readString(out).contains("array=")) && System.nanoTime() < deadline) {
                Thread.sleep(500);
            }
            assertThat(out).as("task %d's output", task).exists();
            assertThat(Files.readString(out)).startsWith(expected + "\n").containsPattern("gpus=\\d,\\d array=" + job);
        }
        for (int task = 0; task < 16; task++) {
            assertThat(cluster().awaitState(job + "_" + task, Cluster.patience(), "COMPLETED", "FAILED"))
                    .as("task %d", task).isEqualTo("COMPLETED");
        }
    }

    /** Seed 000, example two: four nodes; the master is the first of scontrol show hostnames. */
    @Test
    void fourNodeJobExpandsItsNodeListWithScontrol() throws Exception {
        cluster().script("pretrain.sh", """
                #!/bin/bash
                #SBATCH --job-name=llm-pretrain
                #SBATCH --partition=debug
                #SBATCH --nodes=4                        # four nodes
                #SBATCH --ntasks-per-node=2              # one process per CPU here (8 per node on A100 nodes)
                #SBATCH --gres=gpu:8
                #SBATCH --cpus-per-task=1
                #SBATCH --mem=512M
                #SBATCH --time=7-00:00:00                # seven days
                #SBATCH --output=logs/pretrain_%j.out
                #SBATCH --error=logs/pretrain_%j.err

                MASTER_NODE=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
                MASTER_PORT=29500

                echo "Master node: $MASTER_NODE"
                echo "All nodes: $SLURM_JOB_NODELIST"
                echo "Total GPUs: $((SLURM_NNODES * 8))"
                echo "Tasks: $SLURM_NTASKS"
                scontrol show hostnames "$SLURM_JOB_NODELIST" | sed 's/^/host: /'
                # srun ... python -m deepspeed.launcher.launch ... replaced by the lines above
                """);
        long job = cluster().submit("pretrain.sh");

        assertThat(cluster().awaitState(job, Cluster.patience(), "COMPLETED", "FAILED")).isEqualTo("COMPLETED");
        String out = Files.readString(cluster().workDir().resolve("logs/pretrain_" + job + ".out"));
        assertThat(out).contains("Master node: node1\n", "All nodes: node[1-4]\n", "Total GPUs: 32\n", "Tasks: 8\n",
                "host: node1\nhost: node2\nhost: node3\nhost: node4\n");
    }

    /**
     * Seed 000's checkpointing: --signal=SIGUSR1@N reaches the script N seconds before its limit; the script
     * saves its state and requeues itself, and the second run resumes. Progress goes to a file of the script's
     * own, so that the check does not depend on how the output file is opened again.
     */
    @Test
    void warningSignalReachesTheScriptBeforeItsLimitAndTheJobRequeues() throws Exception {
        cluster().script("long_pretrain.sh", """
                #!/bin/bash
                #SBATCH --job-name=long-pretrain
                #SBATCH --time=1                         # one minute
                #SBATCH --signal=SIGUSR1@50              # signal 50 seconds before the limit

                progress=progress_$SLURM_JOB_ID.log
                if [ -f checkpoint_$SLURM_JOB_ID ]; then
                    echo "resumed from $(cat checkpoint_$SLURM_JOB_ID) restart=$SLURM_RESTART_COUNT" >> $progress
                    exit 0
                fi
                checkpoint() {
                    echo "step-$SECONDS" > checkpoint_$SLURM_JOB_ID
                    echo "SIGUSR1 after $SECONDS s: checkpoint saved" >> $progress
                    scontrol requeue $SLURM_JOB_ID
                    exit 0
                }
                trap checkpoint USR1
                echo "training" >> $progress
                while true; do sleep 1; done
                """);
        long job = cluster().submit("long_pretrain.sh");
        Path progress = cluster().workDir().resolve("progress_" + job + ".log");

        long deadline = System.nanoTime() + Duration.ofSeconds(50).plus(Cluster.patience()).toNanos();
        while (!(Files.exists(progress) && Files.readString(progress).contains("resumed"))
                && System.nanoTime() < deadline) {
            Thread.sleep(500);
        }
        String text = Files.exists(progress) ? Files.readString(progress) : "(no progress file)";
        assertThat(text).as(cluster().logTail("slurmctld.log", 30))
                .containsPattern("training\nSIGUSR1 after \\d+ s: checkpoint saved\nresumed from step-\\d+ restart=1\n");
        int signalledAfter = Integer.parseInt(text.replaceAll("(?s).*SIGUSR1 after (\\d+) s.*", "$1"));
        assertThat(signalledAfter).as("seconds from start to SIGUSR1 (limit 60 s, warning 50 s before)")
                .isBetween(5, 40);
        assertThat(cluster().awaitState(job, Cluster.patience(), "COMPLETED", "FAILED")).isEqualTo("COMPLETED");
    }

    @Test
    void openModeAppendKeepsTheFirstRunsOutputAcrossARequeue() throws Exception {
        long job = cluster().submit("--open-mode=append", "--output=logs/append_%j.out", "--wrap",
                "if [ \"$SLURM_RESTART_COUNT\" = 1 ]; then echo second; else echo first; scontrol requeue $SLURM_JOB_ID;"
                        + " sleep 30; fi");

        assertThat(cluster().awaitState(job, Cluster.patience(), "COMPLETED", "FAILED")).isEqualTo("COMPLETED");
        assertThat(cluster().workDir().resolve("logs/append_" + job + ".out")).hasContent("first\nsecond\n");
    }

    @Test
    void afterokRunsOnSuccessAndAfternotokOnFailure() throws Exception {
        long good = cluster().submit("--wrap", "exit 0");
        long bad = cluster().submit("--wrap", "exit 3");
        long afterGood = cluster().submit("--dependency=afterok:" + good, "--wrap", "echo after good");
        long notAfterGood = cluster().submit("--dependency=afternotok:" + good, "--wrap", "echo never");
        long afterBad = cluster().submit("--dependency=afternotok:" + bad, "--wrap", "echo after bad");
        long notAfterBad = cluster().submit("--dependency=afterok:" + bad, "--wrap", "echo never");

        assertThat(cluster().awaitState(afterGood, Cluster.patience(), "COMPLETED", "FAILED", "CANCELLED"))
                .isEqualTo("COMPLETED");
        assertThat(cluster().awaitState(afterBad, Cluster.patience(), "COMPLETED", "FAILED", "CANCELLED"))
                .isEqualTo("COMPLETED");
        assertThat(cluster().state(Long.toString(bad))).contains("FAILED");
        for (long never : List.of(notAfterGood, notAfterBad)) {
            String show = cluster().ok("scontrol", "show", "job", Long.toString(never));
            assertThat(show).as("job %d", never)
                    .containsPattern("JobState=(PENDING Reason=DependencyNeverSatisfied|CANCELLED)");
        }
        assertThat(cluster().workDir().resolve("slurm-" + afterGood + ".out")).hasContent("after good\n");
    }

    @Test
    void theOwnerCancelsARunningJob() throws Exception {
        long job = cluster().submit("--wrap", "sleep 300");
        cluster().awaitState(job, Cluster.patience(), "RUNNING");

        cluster().ok("scancel", Long.toString(job));

        assertThat(cluster().awaitState(job, Cluster.patience(), "CANCELLED")).isEqualTo("CANCELLED");
    }

    @Test
    void anotherUserCannotCancelSomeoneElsesJob() throws Exception {
        String user = TestUsers.ensure("jslurmit");
        long job = cluster().submit("--wrap", "sleep 300");
        cluster().awaitState(job, Cluster.patience(), "RUNNING");

        Distribution.Result refused = TestUsers.runAs(cluster(), user, "scancel", Long.toString(job));

        assertThat(refused.exitCode()).isNotZero();
        assertThat(refused.stderr()).contains("Kill job error on job id " + job + ": Access/permission denied");
        assertThat(cluster().state(Long.toString(job))).contains("RUNNING");
        cluster().ok("scancel", Long.toString(job));
    }
}
