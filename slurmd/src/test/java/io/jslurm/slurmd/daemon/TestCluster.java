package io.jslurm.slurmd.daemon;

import io.jslurm.protocol.auth.SlurmKey;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.List;
import java.util.Map;

/**
 * A cluster configuration in a temporary directory for slurmd tests: slurm.conf with the given
 * nodes (each with its own Port=), a controller on loopback, per-node spool/log/pid files, and a
 * fresh slurm.key.
 */
final class TestCluster {
    final Path dir;
    final Path slurmConf;
    final SlurmKey key;
    final int controllerPort;
    final Map<String, Integer> nodePorts;

    private TestCluster(Path dir, Path slurmConf, SlurmKey key, int controllerPort, Map<String, Integer> nodePorts) {
        this.dir = dir;
        this.slurmConf = slurmConf;
        this.key = key;
        this.controllerPort = controllerPort;
        this.nodePorts = nodePorts;
    }

    /** A fresh cluster key in {@code dir/slurm.key}, readable by root only, where slurmd looks for it. */
    static SlurmKey writeKey(Path dir) throws IOException {
        byte[] keyBytes = new byte[48];
        new SecureRandom().nextBytes(keyBytes);
        Path keyFile = dir.resolve("slurm.key");
        Files.write(keyFile, keyBytes);
        Files.setPosixFilePermissions(keyFile, PosixFilePermissions.fromString("rw-------"));
        return SlurmKey.of(keyBytes);
    }

    static TestCluster create(Path dir, String hostName, List<String> nodes) throws IOException {
        SlurmKey key = writeKey(dir);
        int controllerPort = freePort();
        StringBuilder conf = new StringBuilder()
                .append("ClusterName=testcluster\n")
                .append("SlurmctldHost=ctl(127.0.0.1)\n")
                .append("SlurmctldPort=").append(controllerPort).append('\n')
                .append("SlurmdSpoolDir=").append(dir.resolve("spool/%n")).append('\n')
                .append("SlurmdLogFile=").append(dir.resolve("log/slurmd-%n.log")).append('\n')
                .append("SlurmdPidFile=").append(dir.resolve("run/slurmd-%n.pid")).append('\n')
                .append("AuthInfo=socket=").append(dir.resolve("run/credential.socket")).append('\n')
                .append("SlurmdTimeout=3\n")
                .append("KillWait=2\n");
        Map<String, Integer> ports = new java.util.LinkedHashMap<>();
        for (String node : nodes) {
            int port = freePort();
            ports.put(node, port);
            conf.append("NodeName=").append(node).append(" NodeHostname=").append(hostName)
                    .append(" Port=").append(port).append(" Feature=test,loopback\n");
        }
        conf.append("PartitionName=debug Nodes=").append(String.join(",", nodes)).append(" Default=YES\n");
        Path slurmConf = dir.resolve("slurm.conf");
        Files.writeString(slurmConf, conf, StandardCharsets.UTF_8);
        return new TestCluster(dir, slurmConf, key, controllerPort, Map.copyOf(ports));
    }

    Path spoolDir(String node) {
        return dir.resolve("spool").resolve(node);
    }

    Path logFile(String node) {
        return dir.resolve("log").resolve("slurmd-" + node + ".log");
    }

    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
