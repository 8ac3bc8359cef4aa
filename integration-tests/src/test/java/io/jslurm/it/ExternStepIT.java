package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * sacct on a cluster with PrologFlags=Contain lists a job's steps as Slurm does: the job, N.batch, N.extern over
 * all its nodes and N.0; the job's DerivedExitCode is its failed step's while its ExitCode is the script's.
 */
class ExternStepIT {

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(
            new Cluster.Shape(2, 0, true, List.of("PrologFlags=Contain")));

    private static Cluster cluster() {
        return CLUSTER.get();
    }

    @Test
    void aJobOnTwoNodesHasItsBatchExternAndSrunStepsAndTheFailedStepIsDerived() throws Exception {
        long job = cluster().submit("-J", "contained", "-N2", "-o", "/dev/null", "--wrap",
                "srun -N2 -n2 sh -c 'exit 2'; exit 0");
        assertThat(cluster().awaitState(job, Cluster.patience(), "COMPLETED", "FAILED")).isEqualTo("COMPLETED");

        List<String> rows = cluster().awaitSacctRows(List.of(job), "JobID,JobName,State,ExitCode,NNodes", 4);
        assertThat(rows).containsExactly(
                job + "|contained|COMPLETED|0:0|2",
                job + ".batch|batch|COMPLETED|0:0|1",
                job + ".extern|extern|COMPLETED|0:0|2",
                job + ".0|sh|FAILED|2:0|2");
        assertThat(cluster().ok("sacct", "-n", "-P", "-X", "-o", "DerivedExitCode", "-j", Long.toString(job)).strip())
                .isEqualTo("2:0");
    }
}
