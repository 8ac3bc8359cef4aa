package io.jslurm.conf;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.conf.slurm.NodeConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileSystemConfFilesTest {

    @Test
    void includeGlobAndSiblingGresConfOnDisk(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("nodes.d"));
        Files.writeString(dir.resolve("slurm.conf"), "ClusterName=c\nSlurmctldHost=head\nGresTypes=gpu\n"
                + "Include nodes.d/*.conf\n");
        Files.writeString(dir.resolve("nodes.d/b.conf"), "NodeName=b1 Gres=gpu:1\n");
        Files.writeString(dir.resolve("nodes.d/a.conf"), "NodeName=a1\n");
        Files.writeString(dir.resolve("nodes.d/a.conf.bak"), "NodeName=stale\n");
        Files.writeString(dir.resolve("gres.conf"), "NodeName=b1 Name=gpu File=/dev/nvidia0\n");

        LoadedConfig loaded = ConfLoader.fromFileSystem().load(dir.resolve("slurm.conf"));

        assertThat(loaded.slurm().nodes()).extracting(NodeConfig::name).containsExactly("a1", "b1");
        assertThat(loaded.gres().devicesFor("b1")).hasSize(1);
        assertThat(loaded.warnings()).isEmpty();
    }
}
