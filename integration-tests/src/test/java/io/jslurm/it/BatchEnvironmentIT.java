package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What a batch script sees on its node, through sbatch, the controller and slurmd together: the job's SLURM_*
 * variables as Slurm sets them (SLURM_SUBMIT_DIR and SLURM_SUBMIT_HOST naming where sbatch ran even under
 * --chdir), output file names from every pattern, and DerivedExitCode showing a failed srun step of a script that
 * itself exited 0.
 */
class BatchEnvironmentIT {

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(1, 0, false));

    private static Cluster cluster() {
        return CLUSTER.get();
    }

    @Test
    void theScriptSeesTheJobsVariablesAndItsOutputFollowsThePatterns() throws Exception {
        Path elsewhere = Files.createDirectories(cluster().workDir().resolve("run-here"));
        long job = cluster().submit("-J", "envcheck", "-n2", "--ntasks-per-node=2", "-c1", "--mem=64M", "--time=5",
                "--chdir=" + elsewhere, "-o", cluster().workDir() + "/env_%x_%u_%N_%n_%s_%t_%%_%j.out",
                "--wrap", "env | sort; echo PWD_IS=$(pwd)");
        assertThat(cluster().awaitState(job, Cluster.patience(), "COMPLETED", "FAILED")).isEqualTo("COMPLETED");

        Path out = cluster().workDir().resolve("env_envcheck_root_node1_0_batch_0_%_" + job + ".out");
        assertThat(out).exists();
        Map<String, String> env = EnvironmentFile.read(out);
        String id = Long.toString(job);
        String host = new String(new ProcessBuilder("hostname", "-s").start().getInputStream().readAllBytes()).strip();
        assertThat(env).containsEntry("SLURM_JOB_ID", id).containsEntry("SLURM_JOBID", id)
                .containsEntry("SLURM_JOB_NAME", "envcheck")
                .containsEntry("SLURM_JOB_USER", "root").containsEntry("SLURM_JOB_UID", "0")
                .containsEntry("SLURM_JOB_PARTITION", "debug")
                .containsEntry("SLURM_JOB_NODELIST", "node1").containsEntry("SLURM_NODELIST", "node1")
                .containsEntry("SLURM_JOB_NUM_NODES", "1").containsEntry("SLURM_NNODES", "1")
                .containsEntry("SLURM_NTASKS", "2").containsEntry("SLURM_NPROCS", "2")
                .containsEntry("SLURM_NTASKS_PER_NODE", "2").containsEntry("SLURM_TASKS_PER_NODE", "2")
                .containsEntry("SLURM_CPUS_PER_TASK", "1")
                .containsEntry("SLURM_MEM_PER_NODE", "64")
                .containsEntry("SLURM_SUBMIT_DIR", cluster().workDir().toString())
                .containsEntry("SLURM_SUBMIT_HOST", host)
                .containsEntry("SLURM_CLUSTER_NAME", "local")
                .containsEntry("SLURMD_NODENAME", "node1")
                .containsEntry("SLURM_NODEID", "0").containsEntry("SLURM_PROCID", "0")
                .containsEntry("SLURM_LOCALID", "0")
                .containsEntry("SLURM_TOPOLOGY_ADDR", "node1")
                .containsEntry("PWD_IS", elsewhere.toString())
                .doesNotContainKey("SLURM_MEM_PER_CPU").doesNotContainKey("SLURM_ARRAY_JOB_ID");
        assertThat(env.get("SLURM_CPUS_ON_NODE")).isEqualTo(env.get("SLURM_JOB_CPUS_PER_NODE"));
        assertThat(Integer.parseInt(env.get("SLURM_CPUS_ON_NODE"))).isGreaterThanOrEqualTo(2);
        assertThat(Long.parseLong(env.get("SLURM_JOB_END_TIME")) - Long.parseLong(env.get("SLURM_JOB_START_TIME")))
                .as("--time=5 from the start").isEqualTo(300);
        assertThat(Path.of(env.get("SLURM_CONF"))).isRegularFile();
    }

    @Test
    void anArrayTaskSeesItsArrayVariablesAndNamesItsOutputByThem() throws Exception {
        long job = cluster().submit("-J", "arrcheck", "--array=1-5:2", "--mem-per-cpu=32M",
                "-o", "arr_%A_%a.out", "--wrap", "env | sort");
        for (int task : new int[] {1, 3, 5}) {
            assertThat(cluster().awaitState(job + "_" + task, Cluster.patience(), "COMPLETED", "FAILED"))
                    .isEqualTo("COMPLETED");
        }
        Map<String, String> env = EnvironmentFile.read(cluster().workDir().resolve("arr_" + job + "_3.out"));
        assertThat(env).containsEntry("SLURM_ARRAY_JOB_ID", Long.toString(job))
                .containsEntry("SLURM_ARRAY_TASK_ID", "3").containsEntry("SLURM_ARRAY_TASK_COUNT", "3")
                .containsEntry("SLURM_ARRAY_TASK_MIN", "1").containsEntry("SLURM_ARRAY_TASK_MAX", "5")
                .containsEntry("SLURM_ARRAY_TASK_STEP", "2").containsEntry("SLURM_MEM_PER_CPU", "32")
                .doesNotContainKey("SLURM_MEM_PER_NODE");
    }

    @Test
    void aFailedStepShowsInDerivedExitCodeThoughTheScriptExitedZero() throws Exception {
        long job = cluster().submit("-J", "derived", "-o", "/dev/null", "--wrap", "srun -n1 sh -c 'exit 3'; true");
        assertThat(cluster().awaitState(job, Cluster.patience(), "COMPLETED", "FAILED")).isEqualTo("COMPLETED");
        // As in Slurm, scontrol prints DerivedExitCode only with -d.
        String show = cluster().ok("scontrol", "-d", "show", "job", Long.toString(job));
        assertThat(show).contains("ExitCode=0:0").contains("DerivedExitCode=3:0");
    }

    @Test
    void scancelBatchWithASignalReachesTheScriptWithoutCancellingTheJob() throws Exception {
        long job = cluster().submit("-J", "usr1", "-o", "usr1_%j.out", "--wrap",
                "trap 'echo got-usr1; exit 0' USR1; echo ready; while true; do sleep 1; done");
        Path out = cluster().workDir().resolve("usr1_" + job + ".out");
        Cluster.awaitFileContaining(out, "ready");
        // As in Slurm, a signal other than KILL reaches the batch shell only with --batch (or --full); without
        // either it goes to the job's steps (ScancelSignalsIT).
        cluster().ok("scancel", "--batch", "-s", "USR1", Long.toString(job));
        assertThat(cluster().awaitState(job, Cluster.patience(), "COMPLETED", "FAILED", "CANCELLED"))
                .isEqualTo("COMPLETED");
        assertThat(Files.readString(out)).contains("ready", "got-usr1");
    }
}
