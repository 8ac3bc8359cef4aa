package io.jslurm.cli.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.cli.scontrol.Scontrol;
import io.jslurm.cli.sinfo.Sinfo;
import io.jslurm.cli.squeue.Squeue;
import io.jslurm.cli.testing.Console;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Commands reading a real slurm.conf through SLURM_CONF whose controllers (a primary and a backup) listen on
 * nothing: Slurm's messages, exit status 1.
 */
class UnreachableControllerTest {

    @TempDir
    Path dir;

    private Map<String, String> cluster() throws IOException {
        int port;
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        Path conf = dir.resolve("slurm.conf");
        Files.writeString(conf, "ClusterName=lab\nSlurmctldHost=localhost\nSlurmctldHost=backup(127.0.0.1)\n"
                + "SlurmctldPort=" + port + "\nMessageTimeout=2\nNodeName=n1 CPUs=1\nPartitionName=p Nodes=n1\n");
        Path key = dir.resolve("slurm.key");
        Files.write(key, new byte[64]);
        Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-------"));
        return Map.of("SLURM_CONF", conf.toString());
    }

    private Console console() throws IOException {
        Map<String, String> environment = cluster();
        return Console.with(environment, Controllers.fromEnvironment(environment));
    }

    @Test
    void squeue() throws Exception {
        Console console = console();
        assertThat(new Squeue(console.env()).run(List.of())).isEqualTo(1);
        assertThat(console.err()).isEqualTo(
                "slurm_load_jobs error: Unable to contact slurm controller (connect failure)\n");
    }

    @Test
    void sinfo() throws Exception {
        Console console = console();
        assertThat(new Sinfo(console.env()).run(List.of())).isEqualTo(1);
        assertThat(console.err()).isEqualTo(
                "slurm_load_partitions: Unable to contact slurm controller (connect failure)\n");
    }

    @Test
    void scontrolShowJobAndPing() throws Exception {
        Console console = console();
        assertThat(new Scontrol(console.env()).run(new String[] {"show", "job", "12"})).isEqualTo(1);
        assertThat(console.err()).isEqualTo(
                "slurm_load_jobs error: Unable to contact slurm controller (connect failure)\n");
        Console ping = console();
        assertThat(new Scontrol(ping.env()).run(new String[] {"ping"})).isEqualTo(1);
        assertThat(ping.out()).isEqualTo("Slurmctld(primary) at localhost is DOWN\n"
                + "Slurmctld(backup) at backup is DOWN\n");
    }

    @Test
    void missingConfigurationIsReported() {
        Map<String, String> environment = Map.of("SLURM_CONF", dir.resolve("absent.conf").toString());
        Console console = Console.with(environment, Controllers.fromEnvironment(environment));
        assertThat(new Squeue(console.env()).run(List.of())).isEqualTo(1);
        assertThat(console.err()).startsWith("slurm_load_jobs error: ").contains("absent.conf");
    }
}
