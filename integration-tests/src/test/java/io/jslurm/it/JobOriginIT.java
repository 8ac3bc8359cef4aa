package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Where a job came from and how it shows once the controller ended it, through sbatch, the controller and slurmd
 * together: scontrol's AllocNode:Sid names the submitting host and session, a batch script's output name takes
 * %J and %s as Slurm's batch expansion does, and a scancelled job keeps its failed srun step in DerivedExitCode.
 */
class JobOriginIT {

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(1, 0, false));

    private static Cluster cluster() {
        return CLUSTER.get();
    }

    @Test
    void scontrolShowsTheSubmittingHostAndSession() throws Exception {
        // sbatch starts in a session of its own, so its session id is the pid the shell prints before exec'ing it,
        // whatever session (possibly one outside this PID namespace, shown as 0) the harness runs in.
        Distribution dist = Distribution.fromBuild();
        Distribution.Result result = dist.runArgv(cluster().workDir(), cluster().environment(),
                List.of("setsid", "sh", "-c", "echo $$; exec \"$0\" --parsable -J origin -o /dev/null --wrap true",
                        dist.bin("sbatch").toString()), 60);
        assertThat(result.exitCode()).as(result.stderr()).isZero();
        String[] lines = result.stdout().strip().split("\n");
        String session = lines[0].strip();
        long job = Long.parseLong(lines[1].strip().split(";")[0]);
        String host = new String(new ProcessBuilder("hostname", "-s").start().getInputStream().readAllBytes()).strip();

        String show = cluster().ok("scontrol", "show", "job", Long.toString(job));
        assertThat(session).isNotEqualTo("0");
        assertThat(show).contains("AllocNode:Sid=" + host + ":" + session);
    }

    @Test
    void aBatchScriptsOutputNameTakesTheJobIdForPercentJAndBatchForPercentS() throws Exception {
        long job = cluster().submit("-J", "names", "-o", "names_%J_%s.out", "--wrap", "echo written");
        assertThat(cluster().awaitState(job, Cluster.patience(), "COMPLETED", "FAILED")).isEqualTo("COMPLETED");
        Path out = cluster().workDir().resolve("names_" + job + "_batch.out");
        assertThat(out).exists();
        assertThat(Files.readString(out)).contains("written");
    }

    @Test
    void aScancelledJobKeepsItsFailedStepInDerivedExitCode() throws Exception {
        long job = cluster().submit("-J", "cancelme", "-o", "cancelme_%j.out", "--wrap",
                "srun -n1 sh -c 'exit 4'; echo step-ended; while true; do sleep 1; done");
        Path out = cluster().workDir().resolve("cancelme_" + job + ".out");
        assertThat(Cluster.awaitFileContaining(out, "step-ended")).contains("step-ended");

        cluster().ok("scancel", Long.toString(job));
        assertThat(cluster().awaitState(job, Cluster.patience(), "CANCELLED")).isEqualTo("CANCELLED");
        String show = cluster().ok("scontrol", "-d", "show", "job", Long.toString(job));
        assertThat(show).contains("ExitCode=0:15").contains("DerivedExitCode=4:0");
    }
}
