package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

/** Waiting for a reconfigured controller to enforce accounting. */
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
     * Until the controller enforces the associations: once it has its first copy from slurmdbd, the new
     * {@code qos} made with sacctmgr is accepted at once (slurmdbd pushes each change before sacctmgr returns, and
     * scontrol reconfigure answers once the new configuration is in force).
     */
    static void await(Cluster cluster, String qos) throws Exception {
        awaitFirstCopy(cluster);
        Distribution.Result allowed = cluster.run("sbatch", "--qos=" + qos, "--hold", "--wrap", "true");
        if (allowed.exitCode() == 0) {
            cluster.run("scancel", allowed.stdout().replaceAll("\\D", ""));
        }
        assertThat(allowed.exitCode()).as("sbatch --qos=%s: %s", qos, allowed.stderr()).isZero();
    }

    /**
     * Until the controller has its first copy of the associations: slurmdbd starts listening seconds after the
     * controller (its MariaDB starts first), so the copy, and the controller's registration for slurmdbd's pushes,
     * come with the controller's first poll that slurmdbd answers. Until then nothing is enforced, an unknown
     * account included.
     */
    static void awaitFirstCopy(Cluster cluster) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadline) {
            Distribution.Result unknown = cluster.run("sbatch", "-A", "nosuch", "--hold", "--wrap", "true");
            if (unknown.exitCode() != 0) {
                return;
            }
            cluster.run("scancel", unknown.stdout().replaceAll("\\D", ""));
            Thread.sleep(1000);
        }
        throw new AssertionError("the controller never got the associations from slurmdbd");
    }
}
