package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Fair share end to end: accounts and associations made with sacctmgr, a job that uses the cluster, then sshare
 * showing that association's usage and lower FairShare, and sprio ranking the other association's pending job
 * above; the usage survives a restart of the controller.
 */
class FairShareIT {

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(1, 0, true));

    private static Cluster cluster() {
        return CLUSTER.get();
    }

    @Test
    void theAssociationWithLessUsageGetsTheHigherFairShareAndPriority() throws Exception {
        Path conf = Path.of(cluster().environment().get("SLURM_CONF"));
        Files.writeString(conf, Files.readString(conf) + """
                PriorityType=priority/multifactor
                PriorityWeightFairshare=10000
                PriorityWeightAge=1000
                """);
        cluster().ok("scontrol", "reconfigure");
        String clusterName = Files.readString(conf).lines().filter(l -> l.startsWith("ClusterName="))
                .map(l -> l.substring("ClusterName=".length()).strip()).findFirst().orElseThrow();
        cluster().run("sacctmgr", "-i", "add", "cluster", clusterName);
        cluster().ok("sacctmgr", "-i", "add", "account", "physics,chemistry");
        // Only root can submit on a slurm-local cluster (the key is root's), so the two associations that
        // compete are root's in two accounts.
        cluster().ok("sacctmgr", "-i", "add", "user", "root", "account=physics,chemistry");

        long used = cluster().submit("-A", "physics", "--output=/dev/null", "--wrap", "sleep 4");
        cluster().awaitState(used, Cluster.patience(), "COMPLETED");

        // Usage is charged at the passes after the job ended, hence the wait. slurmdbd pushes sacctmgr's changes,
        // but only once the controller has first reached it (slurmdbd starts after it; its next poll then brings
        // them): both rows come from one answer that has the new associations, or physics would rank alone.
        Map<String, List<String>> rows = awaitShares(found -> found.containsKey("chemistry")
                && found.containsKey("physics") && Long.parseLong(found.get("physics").get(4)) >= 3);
        List<String> physics = rows.get("physics");
        List<String> chemistry = rows.get("chemistry");
        assertThat(Double.parseDouble(physics.get(6))).isLessThan(Double.parseDouble(chemistry.get(6)));
        assertThat(chemistry.get(4)).isEqualTo("0");
        assertThat(chemistry.get(6)).isEqualTo("1.000000");
        assertThat(cluster().ok("sshare", "-a", "-l").lines().findFirst().orElseThrow()).startsWith(
                "Account                    User  RawShares  NormShares    RawUsage   NormUsage  EffectvUsage"
                        + "  FairShare    LevelFS");

        long blocker = cluster().submit("-A", "physics", "--exclusive", "--output=/dev/null", "--wrap", "sleep 300");
        cluster().awaitState(blocker, Cluster.patience(), "RUNNING");
        long physicsJob = cluster().submit("-A", "physics", "--output=/dev/null", "--wrap", "true");
        long chemistryJob = cluster().submit("-A", "chemistry", "--output=/dev/null", "--wrap", "true");
        try {
            String sprio = cluster().ok("sprio", "-h", "-o", "%i %Y %F");
            assertThat(priority(sprio, chemistryJob)).isGreaterThan(priority(sprio, physicsJob));
            assertThat(cluster().ok("sprio", "-w")).containsPattern("Weights\\s+1\\s+1000\\s+10000");
            assertThat(cluster().ok("sprio").lines().findFirst().orElseThrow())
                    .matches(" +JOBID PARTITION +PRIORITY +SITE +AGE +FAIRSHARE");
            assertThat(cluster().ok("squeue", "-h", "-o", "%i %Q", "-j", Long.toString(chemistryJob)).strip())
                    .isEqualTo(chemistryJob + " " + priority(sprio, chemistryJob));

        } finally {
            cluster().run("scancel", Long.toString(blocker), Long.toString(physicsJob), Long.toString(chemistryJob));
        }
        cluster().awaitState(blocker, Cluster.patience(), "CANCELLED");

        // slurm-local up waits for idle nodes, so the restart comes once the jobs are gone.
        cluster().kill9("slurmctld");
        cluster().up();
        List<String> afterRestart = share("physics").orElseThrow();
        assertThat(Long.parseLong(afterRestart.get(4))).isGreaterThanOrEqualTo(Long.parseLong(physics.get(4)));
    }

    /** root's sshare -a -P rows by account: Account|User|RawShares|NormShares|RawUsage|EffectvUsage|FairShare. */
    private static Map<String, List<String>> shares() throws Exception {
        String out = cluster().ok("sshare", "-a", "-P", "-n");
        Map<String, List<String>> rows = new HashMap<>();
        out.lines().map(line -> Arrays.asList(line.split("\\|", -1)))
                .filter(f -> f.size() == 7 && f.get(1).equals("root"))
                .forEach(f -> rows.putIfAbsent(f.get(0).strip(), f));
        return rows;
    }

    private static Optional<List<String>> share(String account) throws Exception {
        return Optional.ofNullable(shares().get(account));
    }

    private static Map<String, List<String>> awaitShares(Predicate<Map<String, List<String>>> done)
            throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        Map<String, List<String>> rows = shares();
        while (System.nanoTime() < deadline && !done.test(rows)) {
            Thread.sleep(500);
            rows = shares();
        }
        assertThat(done.test(rows)).as(cluster().ok("sshare", "-a", "-l")).isTrue();
        return rows;
    }

    private static long priority(String sprio, long job) {
        return sprio.lines().map(String::strip).filter(line -> line.startsWith(job + " "))
                .map(line -> Long.parseLong(line.split("\\s+")[2])).findFirst().orElseThrow();
    }
}
