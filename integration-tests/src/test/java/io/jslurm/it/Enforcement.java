package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

/** Turning accounting enforcement on in a running cluster, and checking that it is in force. */
final class Enforcement {

    private Enforcement() {
    }

    /** Appends AccountingStorageEnforce={@code enforce} to slurm.conf, reconfigures, and {@link #await}s it. */
    static void enable(Cluster cluster, String enforce, String qos) throws Exception {
        cluster.appendConf("AccountingStorageEnforce=" + enforce);
        cluster.ok("scontrol", "reconfigure");
        await(cluster, qos);
    }

    /**
     * Checks that the controller enforces the associations with the new {@code qos} made with sacctmgr: slurm-local
     * up returns once the controller holds the associations, slurmdbd pushes each change before sacctmgr returns,
     * and scontrol reconfigure answers once the new configuration is in force, so no wait is needed.
     */
    static void await(Cluster cluster, String qos) throws Exception {
        Distribution.Result allowed = cluster.run("sbatch", "--qos=" + qos, "--hold", "--wrap", "true");
        if (allowed.exitCode() == 0) {
            cluster.run("scancel", allowed.stdout().replaceAll("\\D", ""));
        }
        assertThat(allowed.exitCode()).as("sbatch --qos=%s: %s", qos, allowed.stderr()).isZero();
    }
}
