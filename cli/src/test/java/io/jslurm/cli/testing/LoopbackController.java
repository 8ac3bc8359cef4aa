package io.jslurm.cli.testing;

import io.jslurm.cli.client.ClientIdentity;
import io.jslurm.cli.client.Controllers;
import io.jslurm.protocol.auth.SlurmKey;
import io.jslurm.slurmctld.Controller;
import io.jslurm.slurmctld.config.ClusterConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.InstantSource;
import java.util.Map;
import java.util.Set;

/**
 * A real controller on loopback with no slurmd, configured by the given slurm.conf lines (the cluster name, host,
 * port and state directory are added), found by the commands through SLURM_CONF and signed with the cluster key as
 * the user running the test, who is also the SlurmUser.
 */
public final class LoopbackController implements AutoCloseable {

    private final Path conf;
    private final Controller controller;

    private LoopbackController(Path conf, Controller controller) {
        this.conf = conf;
        this.controller = controller;
    }

    public static LoopbackController start(Path dir, String lines) {
        try {
            int port;
            try (ServerSocket probe = new ServerSocket(0)) {
                port = probe.getLocalPort();
            }
            Path conf = dir.resolve("slurm.conf");
            Files.createDirectories(dir.resolve("state"));
            Files.writeString(conf, "ClusterName=loop\nSlurmctldHost=localhost\nSlurmctldPort=%d\nStateSaveLocation=%s\n"
                    .formatted(port, dir.resolve("state")) + lines);
            Path key = dir.resolve("slurm.key");
            Files.write(key, "loopback-test-key-0123456789abcdef0123456789".getBytes());
            Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-------"));
            long self = ClientIdentity.current().uid();
            Controller controller = Controller.start(ClusterConfig.load(conf), SlurmKey.load(key),
                    InstantSource.system(), new Controller.Options(
                            new InetSocketAddress(InetAddress.getLoopbackAddress(), port), self, self,
                            user -> Set.of(), Duration.ofSeconds(1), false));
            return new LoopbackController(conf, controller);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** The slurm.conf the controller read; a test may rewrite it before {@code scontrol reconfigure}. */
    public Path conf() {
        return conf;
    }

    /** Streams for one command run against this controller. */
    public Console console() {
        Map<String, String> environment = Map.of("SLURM_CONF", conf.toString());
        return Console.with(environment, Controllers.fromEnvironment(environment));
    }

    @Override
    public void close() {
        controller.close();
    }
}
