package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code slurm-local up} run by an ordinary user in a directory of their own: the daemons run as that user
 * (SlurmUser), jobs run unconfined, and slurm-local says which confinement it cannot apply.
 */
class LocalAsUserIT {
    private static final String USER = "jslurmusr1";
    private static final Pattern SUBMITTED = Pattern.compile("Submitted batch job (\\d+)");
    private static Path dir;
    private static Distribution.Result up;

    @BeforeAll
    static void upAsUser() throws Exception {
        TestUsers.ensure(USER);
        Path root = Path.of(System.getProperty("jslurm.it.clusters", "target/it-clusters")).toAbsolutePath();
        Path home = Files.createDirectories(root).resolve("LocalAsUserIT-" + ProcessHandle.current().pid());
        Files.createDirectories(home);
        run(List.of("chown", USER, home.toString()), Map.of());
        dir = home.resolve("cluster");
        up = asUser(List.of("slurm-local", "up", "--dir", dir.toString(), "--no-accounting"));
    }

    @AfterAll
    static void down() throws Exception {
        if (dir != null) {
            asUser(List.of("slurm-local", "down", "--dir", dir.toString()));
        }
    }

    /** A distribution command as the test user, with only what a login shell of theirs would have. */
    private static Distribution.Result asUser(List<String> command) throws Exception {
        Distribution dist = Distribution.fromBuild();
        List<String> argv = new ArrayList<>(List.of("setpriv", "--reuid=" + USER, "--regid=" + USER,
                "--init-groups", "env", "HOME=" + dir.getParent(), "SLURM_CONF=" + dir.resolve("etc/slurm.conf"),
                "SLURM_LOCAL_TIMEOUT=120", "JSLURM_JAVA_OPTS=-Djava.io.tmpdir=" + dir.getParent(),
                dist.bin(command.get(0)).toString()));
        argv.addAll(command.subList(1, command.size()));
        return dist.runArgv(dir.getParent(), Map.of(), argv, 300);
    }

    private static void run(List<String> argv, Map<String, String> env) throws Exception {
        Distribution.Result result = Distribution.fromBuild().runArgv(Path.of("/"), env, argv, 30);
        assertThat(result.exitCode()).as(String.join(" ", argv) + ": " + result.stderr()).isZero();
    }

    @Test
    void upSucceedsAndNamesTheConfinementItCannotApply() {
        assertThat(up.exitCode()).as(up.stderr()).isZero();
        assertThat(up.stderr()).contains("slurm-local: not running as root: every job runs as " + USER
                + ", without cgroup confinement of cores, memory or GPU devices");
        assertThat(up.stdout()).contains("export SLURM_CONF=\"" + dir.resolve("etc/slurm.conf") + "\"");
    }

    @Test
    void theUsersCommandsReachTheirClusterSignedWithTheirOwnKey() throws Exception {
        assertThat(up.exitCode()).as(up.stderr()).isZero();
        Distribution.Result sinfo = asUser(List.of("sinfo", "--noheader", "--format=%P %t %D"));
        assertThat(sinfo.exitCode()).as(sinfo.stderr()).isZero();
        assertThat(sinfo.stdout()).isEqualTo("debug* idle 1\n");

        Distribution.Result sbatch = asUser(List.of("sbatch", "--hold", "--wrap", "true"));
        assertThat(sbatch.exitCode()).as(sbatch.stderr()).isZero();
        Matcher m = SUBMITTED.matcher(sbatch.stdout());
        assertThat(m.find()).as(sbatch.stdout()).isTrue();
        Distribution.Result squeue = asUser(List.of("squeue", "--noheader", "--format=%i %u %T %r"));
        assertThat(squeue.stdout()).contains(m.group(1) + " " + USER + " PENDING JobHeldUser");
        assertThat(asUser(List.of("scancel", m.group(1))).exitCode()).isZero();
    }

    @Test
    void theUsersJobsAndStepsRunAsThem() throws Exception {
        assertThat(up.exitCode()).as(up.stderr()).isZero();
        Distribution.Result sbatch = asUser(List.of("sbatch", "--output=" + dir.getParent().resolve("whoami.out"),
                "--wrap", "id -un"));
        assertThat(sbatch.exitCode()).as(sbatch.stderr()).isZero();
        Matcher m = SUBMITTED.matcher(sbatch.stdout());
        assertThat(m.find()).as(sbatch.stdout()).isTrue();
        Path out = dir.getParent().resolve("whoami.out");
        long deadline = System.nanoTime() + Cluster.patience().toNanos();
        while (!(Files.exists(out) && Files.readString(out).contains(USER)) && System.nanoTime() < deadline) {
            Thread.sleep(300);
        }
        assertThat(out).content().isEqualTo(USER + "\n");

        Distribution.Result srun = asUser(List.of("srun", "id", "-un"));
        assertThat(srun.exitCode()).as(srun.stderr()).isZero();
        assertThat(srun.stdout()).isEqualTo(USER + "\n");
    }
}
