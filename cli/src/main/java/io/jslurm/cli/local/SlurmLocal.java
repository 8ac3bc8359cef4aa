package io.jslurm.cli.local;

import com.sun.security.auth.module.UnixSystem;
import io.jslurm.cli.client.Controller;
import io.jslurm.cli.client.ControllerException;
import io.jslurm.cli.client.Controllers;
import io.jslurm.cli.nodes.NodeStates;
import io.jslurm.conf.ConfException;
import io.jslurm.conf.ConfLoader;
import io.jslurm.protocol.proto.NodeInfoRequest;
import io.jslurm.protocol.proto.NodeInfoResponse;
import io.jslurm.protocol.proto.NodeRecord;
import io.jslurm.protocol.proto.NodeState;
import io.jslurm.protocol.proto.StatsInfoRequest;
import io.jslurm.protocol.proto.StatsInfoResponse;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code slurm-local up|status|down}: a whole cluster on this machine from one command. Everything but the two
 * closing {@code export} lines of {@code up} goes to standard error, so {@code eval "$(slurm-local up)"} works.
 */
public final class SlurmLocal {

    private static final Duration STOP_GRACE = Duration.ofSeconds(20);

    private final Path home;
    private final Map<String, String> environment;
    private final PrintStream out;
    private final PrintStream err;

    SlurmLocal(Path home, Map<String, String> environment, PrintStream out, PrintStream err) {
        this.home = home;
        this.environment = environment;
        this.out = out;
        this.err = err;
    }

    public static void main(String[] args) {
        Path home;
        try {
            // The real path: jslurm.home may run through a symbolic link to bin/, where ".." is not lexical.
            home = Path.of(System.getProperty("jslurm.home", ".")).toRealPath();
        } catch (IOException e) {
            System.err.println("slurm-local: error: cannot find the distribution: " + e.getMessage());
            System.exit(1);
            return;
        }
        int status = new SlurmLocal(home, System.getenv(), System.out, System.err).run(List.of(args));
        System.out.flush();
        System.exit(status);
    }

    int run(List<String> args) {
        LocalOptions options;
        try {
            options = LocalOptions.parse(args, environment);
        } catch (IllegalArgumentException e) {
            err.println("slurm-local: error: " + e.getMessage());
            err.print(LocalOptions.USAGE);
            return 2;
        }
        if (options.action() == LocalOptions.Action.HELP) {
            err.print(LocalOptions.USAGE);
            return 0;
        }
        if (options.dir().toString().chars().anyMatch(Character::isWhitespace)) {
            err.println("slurm-local: error: --dir must not contain white space: " + options.dir());
            return 2;
        }
        LocalLayout layout = new LocalLayout(options.dir());
        try {
            return switch (options.action()) {
                case UP -> up(options, layout);
                case STATUS -> status(layout);
                case DOWN -> down(layout);
                case HELP -> 0;
            };
        } catch (ConfException e) {
            e.errors().forEach(problem -> err.println("slurm-local: error: " + problem));
            return 1;
        } catch (IOException | IllegalArgumentException | IllegalStateException e) {
            err.println("slurm-local: error: " + e.getMessage());
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 1;
        }
    }

    private int up(LocalOptions options, LocalLayout layout) throws IOException, InterruptedException {
        UnixSystem self = new UnixSystem();
        boolean root = self.getUid() == 0;
        if (!Files.exists(layout.slurmConf())) {
            LocalConfig written = new LocalSetup(home, layout).write(options.nodes().orElse(1),
                    options.gpusPerNode().orElse(0), options.accounting(), self.getUsername(), root,
                    options.confLines());
            err.println("slurm-local: wrote a configuration for " + written.nodes().size() + " node(s) of "
                    + written.shape().cpus() + " CPUs and " + written.shape().schedulableMemoryMb() + " MB"
                    + (written.hasGpus() ? ", " + written.nodes().get(0).gpus() + " stand-in GPU(s) each" : "")
                    + " in " + layout.etc());
        } else if (!options.confLines().isEmpty()) {
            err.println("slurm-local: warning: --conf-line ignored: " + layout.slurmConf()
                    + " already exists (edit it, then run down and up)");
        }
        LocalCluster cluster = load(layout);
        refuseChanges(options, cluster);
        if (!root) {
            err.println("slurm-local: not running as root: every job runs as " + self.getUsername()
                    + ", without cgroup confinement of cores, memory or GPU devices, and stand-in GPUs are plain files");
        }
        Map<LocalDaemon, Long> started = new LinkedHashMap<>();
        for (LocalDaemon daemon : cluster.daemons()) {
            Optional<Long> pid = daemon.running();
            if (pid.isPresent()) {
                err.println("slurm-local: " + daemon.name() + " already running (pid " + pid.get() + ")");
            } else {
                long newPid = daemon.start();
                started.put(daemon, newPid);
                err.println("slurm-local: started " + daemon.name() + " (pid " + newPid + ")");
            }
        }
        Duration timeout = Duration.ofSeconds(Long.parseLong(environment.getOrDefault("SLURM_LOCAL_TIMEOUT", "180")));
        Optional<String> problem = waitForNodes(cluster, started, timeout);
        if (problem.isEmpty() && cluster.accounting()) {
            problem = waitForDbd(cluster, started, timeout);
        }
        if (problem.isEmpty() && cluster.accounting()) {
            problem = waitForAssociations(cluster, started, timeout);
        }
        if (problem.isPresent()) {
            err.println("slurm-local: error: " + problem.get());
            err.println("slurm-local: stop what was started with: " + home.resolve("bin/slurm-local") + " down --dir "
                    + layout.dir());
            return 1;
        }
        err.println("slurm-local: cluster '" + LocalConfig.CLUSTER_NAME + "' is up: nodes "
                + String.join(",", cluster.nodeNames()) + " idle in partition " + LocalConfig.PARTITION
                + (cluster.accounting() ? ", accounting in slurmdbd" : ", no accounting"));
        err.println("slurm-local: try: sbatch --wrap hostname; squeue; sinfo"
                + (cluster.accounting() ? "; sacct" : "") + "   (logs in " + layout.log() + ")");
        out.println("export PATH=\"" + home.resolve("bin") + ":$PATH\"");
        out.println("export SLURM_CONF=\"" + layout.slurmConf() + "\"");
        return 0;
    }

    /** A configured directory keeps its shape: changing it means a new directory (or removing this one). */
    private static void refuseChanges(LocalOptions options, LocalCluster cluster) {
        int nodes = cluster.nodeNames().size();
        long gpus = cluster.gpusPerNode();
        if (options.nodes().isPresent() && options.nodes().getAsInt() != nodes
                || options.gpusPerNode().isPresent() && options.gpusPerNode().getAsInt() != gpus
                || !options.accounting() && cluster.accounting()) {
            throw new IllegalStateException(cluster.layout().dir() + " already holds a cluster of " + nodes
                    + " node(s) with " + gpus + " GPU(s) each" + (cluster.accounting() ? " and accounting" : "")
                    + "; to change it, run down and remove " + cluster.layout().etc() + ", or use another --dir");
        }
    }

    private Optional<String> waitForNodes(LocalCluster cluster, Map<LocalDaemon, Long> started, Duration timeout)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        Map<String, String> states = Map.of();
        while (System.nanoTime() < deadline) {
            Optional<String> died = died(started);
            if (died.isPresent()) {
                return died;
            }
            states = nodeStates(cluster);
            if (states.size() == cluster.nodeNames().size() && states.values().stream().allMatch("IDLE"::equals)) {
                return Optional.empty();
            }
            Thread.sleep(300);
        }
        StringBuilder message = new StringBuilder("the nodes are not idle after " + timeout.toSeconds() + " s: "
                + (states.isEmpty() ? "the controller does not answer" : states.toString()));
        message.append(logTail(cluster.controller().name(), cluster.layout().logFile("slurmctld")));
        for (String node : cluster.nodeNames()) {
            message.append(logTail("slurmd-" + node, cluster.layout().log().resolve("slurmd-" + node + ".log")));
        }
        return Optional.of(message.toString());
    }

    private Optional<String> waitForDbd(LocalCluster cluster, Map<LocalDaemon, Long> started, Duration timeout)
            throws InterruptedException {
        var dbd = cluster.layout().slurmdbdConf();
        int port;
        try {
            port = ConfLoader.fromFileSystem().loadSlurmdbd(dbd).config().dbdPort();
        } catch (ConfException e) {
            return Optional.of(String.join("; ", e.errors().stream().map(Object::toString).toList()));
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            Optional<String> died = died(started);
            if (died.isPresent()) {
                return died;
            }
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", port), 1000);
                return Optional.empty();
            } catch (IOException notYet) {
                Thread.sleep(300);
            }
        }
        return Optional.of("slurmdbd does not listen on port " + port + " after " + timeout.toSeconds() + " s"
                + logTail("slurmdbd", cluster.dbd().consoleLog()));
    }

    /**
     * Until the controller holds a copy of the associations: before it, AccountingStorageEnforce=associations
     * would refuse every job, so the cluster is not ready for a user. The controller asks slurmdbd quickly while
     * it has none, so this is well under a second once slurmdbd listens.
     */
    private Optional<String> waitForAssociations(LocalCluster cluster, Map<LocalDaemon, Long> started,
                                                 Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            Optional<String> died = died(started);
            if (died.isPresent()) {
                return died;
            }
            if (associationsHeld(cluster)) {
                return Optional.empty();
            }
            Thread.sleep(100);
        }
        return Optional.of("the controller has no copy of the associations from slurmdbd after "
                + timeout.toSeconds() + " s" + logTail(cluster.controller().name(),
                cluster.layout().logFile("slurmctld")) + logTail("slurmdbd", cluster.dbd().consoleLog()));
    }

    /** A connection to the cluster's controller, as its commands make one. */
    private static Controller controllerOf(LocalCluster cluster) throws ControllerException {
        return Controllers.fromEnvironment(Map.of("SLURM_CONF", cluster.layout().slurmConf().toString())).open();
    }

    /** What sdiag's request says of the controller's copy of the associations; false when it does not answer. */
    private static boolean associationsHeld(LocalCluster cluster) {
        try (Controller controller = controllerOf(cluster)) {
            return controller.call(StatsInfoRequest.getDefaultInstance(), StatsInfoResponse.class)
                    .getAssociationsHeld();
        } catch (ControllerException | RuntimeException notAnswering) {
            return false;
        }
    }

    /**
     * A daemon this up started that has already ended, with the end of what it wrote. Its pid is watched
     * rather than its command line, which names the daemon only once the launcher has started Java.
     */
    private static Optional<String> died(Map<LocalDaemon, Long> started) {
        for (var entry : started.entrySet()) {
            LocalDaemon daemon = entry.getKey();
            if (!ProcessHandle.of(entry.getValue()).map(ProcessHandle::isAlive).orElse(false)) {
                return Optional.of(daemon.name() + " stopped during start-up" + logTail(daemon.name(), daemon.consoleLog()));
            }
        }
        return Optional.empty();
    }

    private static String logTail(String name, Path file) {
        return "\n--- last lines of " + file + " (" + name + ") ---\n" + LocalDaemon.tail(file, 15);
    }

    /** Node name to its state as scontrol prints it; empty when the controller cannot be asked. */
    private Map<String, String> nodeStates(LocalCluster cluster) {
        Map<String, String> states = new LinkedHashMap<>();
        try (Controller controller = controllerOf(cluster)) {
            NodeInfoResponse info = controller.call(NodeInfoRequest.getDefaultInstance(), NodeInfoResponse.class);
            for (NodeRecord node : info.getNodesList()) {
                // A node set aside by an advance reservation is up and ready all the same.
                boolean idle = node.getState() == NodeState.NODE_IDLE && node.getStateFlagsList().stream()
                        .allMatch(f -> f == io.jslurm.protocol.proto.NodeStateFlag.NODE_FLAG_RESERVED
                                || f == io.jslurm.protocol.proto.NodeStateFlag.NODE_FLAG_MAINTENANCE);
                states.put(node.getName(), idle ? "IDLE" : NodeStates.longName(node));
            }
        } catch (ControllerException | RuntimeException notAnswering) {
            return Map.of();
        }
        return states;
    }

    private int status(LocalLayout layout) {
        if (!Files.exists(layout.slurmConf())) {
            err.println("slurm-local: no local cluster in " + layout.dir() + " (run slurm-local up)");
            return 3;
        }
        LocalCluster cluster = load(layout);
        boolean all = true;
        for (LocalDaemon daemon : cluster.daemons()) {
            Optional<Long> pid = daemon.running();
            all &= pid.isPresent();
            out.printf("%-16s %s%n", daemon.name(), pid.map(p -> "running (pid " + p + ")").orElse("stopped"));
        }
        if (cluster.controller().running().isPresent()) {
            Map<String, String> states = nodeStates(cluster);
            if (states.isEmpty()) {
                out.println("nodes            the controller does not answer");
            }
            states.forEach((node, state) -> out.printf("%-16s %s%n", node, state));
        }
        out.println("SLURM_CONF=" + layout.slurmConf());
        return all ? 0 : 3;
    }

    private int down(LocalLayout layout) throws IOException, InterruptedException {
        if (!Files.exists(layout.slurmConf())) {
            err.println("slurm-local: no local cluster in " + layout.dir());
            return 0;
        }
        List<LocalDaemon> daemons = new ArrayList<>(load(layout).daemons());
        java.util.Collections.reverse(daemons);
        for (LocalDaemon daemon : daemons) {
            Optional<Long> pid = daemon.running();
            if (daemon.stop(STOP_GRACE)) {
                err.println("slurm-local: stopped " + daemon.name() + " (pid " + pid.orElse(0L) + ")");
            }
        }
        return 0;
    }

    private LocalCluster load(LocalLayout layout) {
        return new LocalCluster(home, layout, ConfLoader.fromFileSystem().load(layout.slurmConf()).slurm());
    }
}
