package io.jslurm.cli.local;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The first {@code up} in a directory: detect this machine, choose ports, write the configuration and key. */
final class LocalSetup {

    private final Path home;
    private final LocalLayout layout;

    LocalSetup(Path home, LocalLayout layout) {
        this.home = home;
        this.layout = layout;
    }

    LocalConfig write(int nodeCount, int gpusPerNode, boolean accounting, String user, boolean root,
                      List<String> extraLines) throws IOException, InterruptedException {
        NodeShape shape = NodeShape.parse(slurmdC());
        if ((long) nodeCount * gpusPerNode > LocalNode.NVIDIA_MINORS) {
            throw new IllegalArgumentException(nodeCount + " nodes of " + gpusPerNode + " GPUs need more than "
                    + LocalNode.NVIDIA_MINORS + " stand-in devices");
        }
        int[] ports = freePorts(3 + nodeCount);
        List<LocalNode> nodes = new ArrayList<>();
        for (int i = 0; i < nodeCount; i++) {
            nodes.add(new LocalNode("node" + (i + 1), ports[3 + i], gpusPerNode, i * gpusPerNode));
        }
        LocalConfig config = new LocalConfig(layout, user, shape.hostName(), shape, ports[0], ports[1], ports[2],
                accounting, nodes, extraLines);
        for (Path dir : List.of(layout.etc(), layout.state(), layout.spool(), layout.log(), layout.run())) {
            Files.createDirectories(dir);
        }
        if (config.hasGpus()) {
            StandInGpus.create(layout.dev(), nodes, root);
        }
        writeKey(layout.key());
        Files.writeString(layout.gresConf(), config.gresConf());
        if (root) {
            Files.writeString(layout.cgroupConf(), LocalConfig.cgroupConf());
        }
        if (accounting) {
            Files.createDirectories(layout.database());
            Files.writeString(layout.slurmdbdConf(), config.slurmdbdConf());
        }
        // slurm.conf last: its presence is what marks the directory as set up.
        Files.writeString(layout.slurmConf(), config.slurmConf());
        return config;
    }

    /** This machine as slurmd detects it, so that what is configured is never more than what registers. */
    private String slurmdC() throws IOException, InterruptedException {
        Process process = new ProcessBuilder(home.resolve("bin/slurmd").toString(), "-C")
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new IOException("slurmd -C could not describe this machine: " + out.strip());
        }
        return out;
    }

    /** Ports free now on loopback, all different (each socket stays open until every port is chosen). */
    static int[] freePorts(int count) throws IOException {
        List<ServerSocket> held = new ArrayList<>();
        try {
            int[] ports = new int[count];
            for (int i = 0; i < count; i++) {
                ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                held.add(socket);
                ports[i] = socket.getLocalPort();
            }
            return ports;
        } finally {
            for (ServerSocket socket : held) {
                socket.close();
            }
        }
    }

    /** auth/slurm's shared key: random, readable by its owner only. */
    private static void writeKey(Path key) throws IOException {
        if (Files.exists(key)) {
            return;
        }
        byte[] bytes = new byte[1024];
        new SecureRandom().nextBytes(bytes);
        Files.createFile(key, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.write(key, bytes);
    }
}
