package io.jslurm.cli.srun;

import io.jslurm.cli.client.ClientIdentity;
import io.jslurm.cli.client.CommandEnvironment;
import io.jslurm.cli.client.Controllers;
import io.jslurm.protocol.auth.SlurmKey;
import io.jslurm.slurmctld.Controller;
import io.jslurm.slurmctld.config.ClusterConfig;
import io.jslurm.slurmd.SlurmdMain;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.InstantSource;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A controller in this JVM and two slurmd (n1, n2: 2 CPUs and 2 fake GPUs each) in their own JVMs, all on
 * loopback with ports of their own, and the environment the commands run with.
 */
final class LoopbackCluster implements AutoCloseable {

    final Path dir;
    final Controller controller;
    final Map<String, String> environment;
    private final List<Process> slurmds = new ArrayList<>();

    private LoopbackCluster(Path dir, Controller controller, Map<String, String> environment) {
        this.dir = dir;
        this.controller = controller;
        this.environment = environment;
    }

    static LoopbackCluster start(Path dir) throws Exception {
        byte[] key = new byte[48];
        new SecureRandom().nextBytes(key);
        Path keyFile = dir.resolve("slurm.key");
        Files.write(keyFile, key);
        Files.setPosixFilePermissions(keyFile, PosixFilePermissions.fromString("rw-------"));
        int ctl = freePort();
        String conf = """
                ClusterName=loop
                SlurmctldHost=ctl(127.0.0.1)
                SlurmctldPort=%d
                SlurmUser=root
                AuthType=auth/slurm
                AuthInfo=socket=%s/credential.socket
                StateSaveLocation=%s/state
                SlurmdSpoolDir=%s/spool/%%n
                SlurmdLogFile=%s/slurmd-%%n.log
                SlurmdPidFile=%s/slurmd-%%n.pid
                SlurmdTimeout=30
                KillWait=2
                GresTypes=gpu
                SelectType=select/cons_tres
                SelectTypeParameters=CR_Core
                NodeName=n1 NodeHostname=localhost NodeAddr=127.0.0.1 Port=%d CPUs=2 Gres=gpu:fake:2
                NodeName=n2 NodeHostname=localhost NodeAddr=127.0.0.1 Port=%d CPUs=2 Gres=gpu:fake:2
                PartitionName=debug Nodes=n1,n2 Default=YES MaxTime=UNLIMITED
                """.formatted(ctl, dir, dir, dir, dir, dir, freePort(), freePort());
        Path slurmConf = dir.resolve("slurm.conf");
        Files.writeString(slurmConf, conf);
        Files.writeString(dir.resolve("gres.conf"), "NodeName=n[1-2] Name=gpu Type=fake File=/dev/nvidia[0-1]\n");
        Files.createDirectories(dir.resolve("state"));
        Controller controller = Controller.start(ClusterConfig.load(slurmConf), SlurmKey.of(key),
                InstantSource.system(), new Controller.Options(
                        new InetSocketAddress(InetAddress.getLoopbackAddress(), ctl), 0, 0, user -> Set.of("root"),
                        Duration.ofMillis(200), true));
        Map<String, String> env = new HashMap<>();
        System.getenv().forEach((name, value) -> {
            if (!name.startsWith("SLURM_") && !name.startsWith("SRUN_") && !name.startsWith("SALLOC_")) {
                env.put(name, value);
            }
        });
        env.put("SLURM_CONF", slurmConf.toString());
        LoopbackCluster cluster = new LoopbackCluster(dir, controller, Map.copyOf(env));
        try {
            for (String node : List.of("n1", "n2")) {
                cluster.slurmds.add(new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java")
                        .toString(), "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-cp",
                        System.getProperty("java.class.path"), SlurmdMain.class.getName(), "-D", "-N", node, "-f",
                        slurmConf.toString())
                        .redirectErrorStream(true)
                        .redirectOutput(dir.resolve("slurmd-" + node + ".out").toFile()).start());
            }
            cluster.awaitNodes();
        } catch (Exception e) {
            cluster.close();
            throw e;
        }
        return cluster;
    }

    private void awaitNodes() throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (controller.nodes().all().stream().anyMatch(node -> node.registration().isEmpty()
                || !node.schedulable())) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("slurmd did not register; see " + dir);
            }
            Thread.sleep(100);
        }
    }

    /** What a command printed and returned. */
    record Run(int status, String out, String err) {
    }

    /** Streams of one command run, with this cluster's environment plus {@code extra}. */
    static final class Streams {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final CommandEnvironment environment;

        Streams(Map<String, String> env) {
            environment = new CommandEnvironment(new PrintStream(out, true, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8), env, InstantSource.system(), ZoneOffset.UTC,
                    ClientIdentity.current(), Controllers.fromEnvironment(env));
        }

        Run result(int status) {
            return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        }
    }

    Map<String, String> environment(Map<String, String> extra) {
        Map<String, String> env = new HashMap<>(environment);
        env.putAll(extra);
        return env;
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    @Override
    public void close() {
        for (Process slurmd : slurmds) {
            slurmd.destroy();
        }
        for (Process slurmd : slurmds) {
            try {
                slurmd.waitFor();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        controller.close();
    }
}
