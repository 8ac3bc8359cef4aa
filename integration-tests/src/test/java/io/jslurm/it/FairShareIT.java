package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Fair share end to end: accounts and users made with sacctmgr, a job that uses the cluster, then sshare showing
 * that user's usage and lower FairShare, and sprio ranking the other user's pending job above.
 */
class FairShareIT {

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(1, 0, true));

    private static final Pattern SUBMITTED = Pattern.compile("Submitted batch job (\\d+)");

    private static Cluster cluster() {
        return CLUSTER.get();
    }

    @Test
    void theUserWithLessUsageGetsTheHigherFairShareAndPriority() throws Exception {
        Path conf = Path.of(cluster().environment().get("SLURM_CONF"));
        Files.writeString(conf, Files.readString(conf) + """
                PriorityType=priority/multifactor
                PriorityWeightFairshare=10000
                PriorityWeightAge=1000
                """);
        cluster().ok("scontrol", "reconfigure");
        String alice = TestUsers.ensure("fsalice");
        String bob = TestUsers.ensure("fsbob");
        String clusterName = Files.readString(conf).lines().filter(l -> l.startsWith("ClusterName="))
                .map(l -> l.substring("ClusterName=".length()).strip()).findFirst().orElseThrow();
        cluster().run("sacctmgr", "-i", "add", "cluster", clusterName);
        cluster().ok("sacctmgr", "-i", "add", "account", "physics,chemistry");
        cluster().ok("sacctmgr", "-i", "add", "user", alice, "account=physics");
        cluster().ok("sacctmgr", "-i", "add", "user", bob, "account=chemistry");

        long used = submitAs(alice, "--output=/dev/null", "--wrap", "sleep 4");
        cluster().awaitState(used, Cluster.patience(), "COMPLETED");

        List<String> aliceRow = awaitShare(alice, row -> Long.parseLong(row.get(4)) >= 3);
        List<String> bobRow = share(bob).orElseThrow();
        assertThat(aliceRow.get(0).strip()).isEqualTo("physics");
        assertThat(Double.parseDouble(aliceRow.get(6))).isLessThan(Double.parseDouble(bobRow.get(6)));
        assertThat(bobRow.get(4)).isEqualTo("0");
        assertThat(bobRow.get(6)).isEqualTo("1.000000");

        long blocker = submitAs(alice, "--exclusive", "--output=/dev/null", "--wrap", "sleep 300");
        cluster().awaitState(blocker, Cluster.patience(), "RUNNING");
        long alicesJob = submitAs(alice, "--output=/dev/null", "--wrap", "true");
        long bobsJob = submitAs(bob, "--output=/dev/null", "--wrap", "true");
        try {
            String sprio = cluster().ok("sprio", "-h", "-o", "%i %u %Y %F");
            assertThat(sprio).contains(alicesJob + " " + alice + " ").contains(bobsJob + " " + bob + " ");
            assertThat(priority(sprio, bobsJob)).isGreaterThan(priority(sprio, alicesJob));
            assertThat(cluster().ok("sprio", "-w")).containsPattern("Weights\\s+1\\s+1000\\s+10000");
            assertThat(cluster().ok("sprio").lines().findFirst().orElseThrow())
                    .matches(" +JOBID PARTITION +PRIORITY +SITE +AGE +FAIRSHARE");
            String bobsView = TestUsers.runAs(cluster(), bob, "sshare").stdout();
            assertThat(bobsView).contains(bob).doesNotContain(alice).contains(" physics");

            cluster().kill9("slurmctld");
            cluster().up();
            List<String> afterRestart = share(alice).orElseThrow();
            assertThat(Double.parseDouble(afterRestart.get(4))).isGreaterThanOrEqualTo(
                    Double.parseDouble(aliceRow.get(4)));
        } finally {
            cluster().run("scancel", Long.toString(blocker), Long.toString(alicesJob), Long.toString(bobsJob));
        }
    }

    private static long submitAs(String user, String... args) throws Exception {
        // The cluster's work directory belongs to root: the test users' jobs run in /tmp.
        String[] argv = new String[args.length + 1];
        argv[0] = "--chdir=/tmp";
        System.arraycopy(args, 0, argv, 1, args.length);
        Distribution.Result result = TestUsers.runAs(cluster(), user, "sbatch", argv);
        Matcher m = SUBMITTED.matcher(result.stdout());
        assertThat(m.find()).as(result.stderr()).isTrue();
        return Long.parseLong(m.group(1));
    }

    /** The user's sshare -a -P row: Account|User|RawShares|NormShares|RawUsage|EffectvUsage|FairShare. */
    private static Optional<List<String>> share(String user) throws Exception {
        String out = cluster().ok("sshare", "-a", "-P", "-n");
        return out.lines().map(line -> Arrays.asList(line.split("\\|", -1)))
                .filter(f -> f.size() == 7 && f.get(1).equals(user)).findFirst();
    }

    private static List<String> awaitShare(String user, java.util.function.Predicate<List<String>> done)
            throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        Optional<List<String>> row = share(user);
        while (System.nanoTime() < deadline && !(row.isPresent() && done.test(row.get()))) {
            Thread.sleep(1000);
            row = share(user);
        }
        assertThat(row).as(cluster().ok("sshare", "-a", "-l")).isPresent();
        assertThat(done.test(row.get())).as(cluster().ok("sshare", "-a", "-l")).isTrue();
        return row.get();
    }

    private static long priority(String sprio, long job) {
        return sprio.lines().map(String::strip).filter(line -> line.startsWith(job + " "))
                .map(line -> Long.parseLong(line.split("\\s+")[2])).findFirst().orElseThrow();
    }
}
