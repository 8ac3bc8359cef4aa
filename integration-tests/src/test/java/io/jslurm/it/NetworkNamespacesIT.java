package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Two slurmd, each in its own network namespace with its own address on a bridge (as on two machines), and
 * the controller on the host: a job runs across both, and the node whose link goes down is set DOWN after
 * SlurmdTimeout. Needs root and iproute2.
 */
class NetworkNamespacesIT {

    private static final String BRIDGE = "jsbr0";
    private static final String HOST_ADDRESS = "10.201.0.1";
    private static final List<String> NODES = List.of("nsnode1", "nsnode2");
    private static final Duration SLURMD_TIMEOUT = Duration.ofSeconds(6);

    private static Path dir;
    private static Distribution dist;
    private static Map<String, String> env;
    private static final List<Process> daemons = new ArrayList<>();

    private static String ns(int node) {
        return "jsns" + node;
    }

    private static String hostVeth(int node) {
        return "jsv" + node + "h";
    }

    private static String nodeAddress(int node) {
        return "10.201.0." + (10 + node);
    }

    @BeforeAll
    static void startCluster() throws Exception {
        Assumptions.assumeTrue(new com.sun.security.auth.module.UnixSystem().getUid() == 0, "needs root");
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/sbin/ip")) || Files.isExecutable(Path.of("/sbin/ip")),
                "needs iproute2");
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/nsenter")), "needs nsenter (util-linux)");
        cleanNetwork();
        ip("link", "add", BRIDGE, "type", "bridge");
        ip("addr", "add", HOST_ADDRESS + "/24", "dev", BRIDGE);
        ip("link", "set", BRIDGE, "up");
        for (int node = 1; node <= NODES.size(); node++) {
            ip("netns", "add", ns(node));
            ip("link", "add", hostVeth(node), "type", "veth", "peer", "name", "eth0", "netns", ns(node));
            ip("link", "set", hostVeth(node), "master", BRIDGE);
            ip("link", "set", hostVeth(node), "up");
            ip("netns", "exec", ns(node), "ip", "addr", "add", nodeAddress(node) + "/24", "dev", "eth0");
            ip("netns", "exec", ns(node), "ip", "link", "set", "eth0", "up");
            ip("netns", "exec", ns(node), "ip", "link", "set", "lo", "up");
        }

        dist = Distribution.fromBuild();
        Path root = Path.of(System.getProperty("jslurm.it.clusters", "target/it-clusters")).toAbsolutePath();
        dir = Files.createDirectories(root.resolve("NetworkNamespacesIT-" + ProcessHandle.current().pid()));
        for (String sub : List.of("etc", "state", "spool", "log", "run", "work")) {
            Files.createDirectories(dir.resolve(sub));
        }
        Files.setPosixFilePermissions(dir.resolve("work"), PosixFilePermissions.fromString("rwxrwxrwx"));
        byte[] key = new byte[1024];
        new SecureRandom().nextBytes(key);
        Path keyFile = dir.resolve("etc/slurm.key");
        Files.write(keyFile, key);
        Files.setPosixFilePermissions(keyFile, PosixFilePermissions.fromString("rw-------"));
        String host = hostName();
        String hardware = hardware();
        StringBuilder conf = new StringBuilder("""
                ClusterName=netns
                SlurmctldHost=%s(%s)
                SlurmctldPort=%d
                SlurmUser=root
                AuthType=auth/slurm
                AuthInfo=socket=%s/run/credential.socket
                StateSaveLocation=%s/state
                SlurmdSpoolDir=%s/spool/%%n
                SlurmctldLogFile=%s/log/slurmctld.log
                SlurmdLogFile=%s/log/slurmd-%%n.log
                SlurmctldPidFile=%s/run/slurmctld.pid
                SlurmdPidFile=%s/run/slurmd-%%n.pid
                SelectType=select/cons_tres
                SelectTypeParameters=CR_Core_Memory
                DefMemPerCPU=100
                SlurmdTimeout=%d
                KillWait=2
                ReturnToService=2
                """.formatted(host, HOST_ADDRESS, freePort(), dir, dir, dir, dir, dir, dir, dir,
                SLURMD_TIMEOUT.toSeconds()));
        for (int node = 1; node <= NODES.size(); node++) {
            conf.append("NodeName=").append(NODES.get(node - 1)).append(" NodeHostname=").append(host)
                    .append(" NodeAddr=").append(nodeAddress(node)).append(" Port=6818 ").append(hardware)
                    .append(" State=UNKNOWN\n");
        }
        conf.append("PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP\n");
        Files.writeString(dir.resolve("etc/slurm.conf"), conf.toString());
        env = Map.of("SLURM_CONF", dir.resolve("etc/slurm.conf").toString(),
                "PATH", dist.home().resolve("bin") + ":/usr/sbin:/usr/bin:/sbin:/bin");

        daemons.add(start("slurmctld", List.of(dist.bin("slurmctld").toString(), "-D")));
        for (int node = 1; node <= NODES.size(); node++) {
            // nsenter switches the network namespace only: "ip netns exec" also remounts /sys, which hides the
            // cgroup hierarchy slurmd needs.
            daemons.add(start("slurmd-" + NODES.get(node - 1), List.of("/usr/bin/nsenter",
                    "--net=/var/run/netns/" + ns(node), dist.bin("slurmd").toString(), "-D", "-N",
                    NODES.get(node - 1))));
        }
        awaitOutput(() -> run("sinfo", "-h", "-N", "-o", "%N %T"),
                out -> out.contains("nsnode1 idle") && out.contains("nsnode2 idle"), Duration.ofSeconds(120));
    }

    @AfterAll
    static void stopCluster() throws Exception {
        for (Process daemon : daemons) {
            daemon.descendants().forEach(ProcessHandle::destroy);
            daemon.destroy();
            if (!daemon.waitFor(15, TimeUnit.SECONDS)) {
                daemon.descendants().forEach(ProcessHandle::destroyForcibly);
                daemon.destroyForcibly();
            }
        }
        cleanNetwork();
    }

    @Test
    void aJobRunsAcrossBothNamespacesAndACutNodeGoesDown() throws Exception {
        Distribution.Result submitted = dist.run(dir.resolve("work"), env, "sbatch", "-N2", "-o", "across-%j.out", "--wrap",
                "srun -N2 -n2 sh -c 'echo $SLURMD_NODENAME $(ip -4 -o addr show eth0 | awk \"{print \\$4}\")'");
        assertThat(submitted.exitCode()).as(submitted.stderr()).isZero();
        String job = submitted.stdout().replaceAll("(?s).*Submitted batch job (\\d+).*", "$1");
        awaitOutput(() -> run("scontrol", "show", "job", job), out -> out.contains("JobState=COMPLETED"),
                Duration.ofSeconds(90));
        List<String> lines = Files.readAllLines(dir.resolve("work/across-" + job + ".out")).stream().sorted().toList();
        assertThat(lines).containsExactly("nsnode1 " + nodeAddress(1) + "/24", "nsnode2 " + nodeAddress(2) + "/24");

        ip("link", "set", hostVeth(2), "down");
        awaitOutput(() -> run("sinfo", "-h", "-N", "-o", "%N %T"),
                out -> out.contains("nsnode2 down") && out.contains("nsnode1 idle"),
                SLURMD_TIMEOUT.multipliedBy(4));
    }

    private interface Command {
        String run() throws Exception;
    }

    private static String run(String command, String... args) throws IOException, InterruptedException {
        Distribution.Result result = dist.run(dir.resolve("work"), env, command, args);
        return result.stdout() + result.stderr();
    }

    private static void awaitOutput(Command command, Predicate<String> done, Duration patience) throws Exception {
        long deadline = System.nanoTime() + patience.toNanos();
        String last = "";
        while (System.nanoTime() < deadline) {
            last = command.run();
            if (done.test(last)) {
                return;
            }
            TimeUnit.MILLISECONDS.sleep(500);
        }
        throw new AssertionError("never as expected; last output:\n" + last + "\nslurmctld log:\n"
                + tail(dir.resolve("log/slurmctld.log")));
    }

    private static String tail(Path file) {
        try {
            List<String> all = Files.readAllLines(file);
            return String.join("\n", all.subList(Math.max(0, all.size() - 30), all.size()));
        } catch (IOException e) {
            return "(none)";
        }
    }

    private static Process start(String name, List<String> argv) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(argv).redirectErrorStream(true)
                .redirectOutput(dir.resolve("log/" + name + ".console").toFile());
        builder.environment().putAll(env);
        return builder.start();
    }

    private static String ip() {
        return Files.isExecutable(Path.of("/usr/sbin/ip")) ? "/usr/sbin/ip" : "/sbin/ip";
    }

    private static void ip(String... args) throws IOException, InterruptedException {
        List<String> argv = new ArrayList<>(List.of(ip()));
        argv.addAll(List.of(args));
        Process process = new ProcessBuilder(argv).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (process.waitFor() != 0) {
            throw new IOException(String.join(" ", argv) + ": " + out);
        }
    }

    private static void cleanNetwork() {
        for (int node = 1; node <= NODES.size(); node++) {
            quietly("netns", "del", ns(node));
            quietly("link", "del", hostVeth(node));
        }
        quietly("link", "del", BRIDGE);
    }

    private static void quietly(String... args) {
        try {
            ip(args);
        } catch (IOException | InterruptedException e) {
            // not there
        }
    }

    private static String hostName() throws IOException {
        return Files.readString(Path.of("/proc/sys/kernel/hostname")).strip().replaceAll("\\..*", "");
    }

    /** The hardware fields of this host's node line, as {@code slurmd -C} prints them. */
    private static String hardware() throws Exception {
        String line = dist.run(Map.of(), "slurmd", "-C").stdout().lines().findFirst().orElse("");
        StringBuilder fields = new StringBuilder();
        for (String word : line.split(" ")) {
            if (word.matches("(CPUs|Boards|SocketsPerBoard|CoresPerSocket|ThreadsPerCore)=\\d+")) {
                fields.append(word).append(' ');
            }
        }
        return fields.append("RealMemory=1000").toString();
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
