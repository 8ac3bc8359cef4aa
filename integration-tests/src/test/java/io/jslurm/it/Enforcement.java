package io.jslurm.it;

import java.time.Duration;
import java.util.List;

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
     * Until the controller has both the new configuration and a copy of the associations made after the
     * sacctmgr changes (it polls slurmdbd): an unknown account is refused and the new {@code qos} accepted.
     */
    static void await(Cluster cluster, String qos) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadline) {
            Distribution.Result unknown = cluster.run("sbatch", "-A", "nosuch", "--hold", "--wrap", "true");
            Distribution.Result allowed = cluster.run("sbatch", "--qos=" + qos, "--hold", "--wrap", "true");
            for (Distribution.Result r : List.of(unknown, allowed)) {
                if (r.exitCode() == 0) {
                    cluster.run("scancel", r.stdout().replaceAll("\\D", ""));
                }
            }
            if (unknown.exitCode() != 0 && allowed.exitCode() == 0) {
                return;
            }
            Thread.sleep(1000);
        }
        throw new AssertionError("the controller never enforced the associations");
    }
}
