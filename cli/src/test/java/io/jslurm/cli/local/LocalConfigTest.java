package io.jslurm.cli.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.conf.ConfLoader;
import io.jslurm.conf.LoadedConfig;
import io.jslurm.conf.slurm.NodeConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalConfigTest {

    private static final String SLURMD_C = """
            NodeName=vm CPUs=8 Boards=1 SocketsPerBoard=1 CoresPerSocket=4 ThreadsPerCore=2 RealMemory=15900
            UpTime=0-01:02:03
            """;

    @Test
    void slurmdDashCLineBecomesTheNodeShape() {
        NodeShape shape = NodeShape.parse(SLURMD_C);

        assertThat(shape).isEqualTo(new NodeShape("vm", 8, 1, 1, 4, 2, 15900));
        assertThat(shape.schedulableMemoryMb()).isEqualTo(14876);
        assertThat(shape.defaultMemoryPerCpuMb()).isEqualTo(1024);
    }

    @Test
    void outputWithoutANodeLineIsRefused() {
        assertThatThrownBy(() -> NodeShape.parse("UpTime=0-00:00:01\n"))
                .hasMessageContaining("no NodeName line");
    }

    @Test
    void writtenFilesAreReadBackByTheConfigurationLoaderAsConfigured(@TempDir Path dir) throws Exception {
        LocalLayout layout = new LocalLayout(dir);
        LocalConfig config = new LocalConfig(layout, "alice", "vm", NodeShape.parse(SLURMD_C), 7001, 7002, 7003, true,
                List.of(new LocalNode("node1", 7101, 8, 0), new LocalNode("node2", 7102, 8, 8)));
        Files.createDirectories(layout.etc());
        Files.writeString(layout.slurmConf(), config.slurmConf());
        Files.writeString(layout.gresConf(), config.gresConf());
        Files.writeString(layout.slurmdbdConf(), config.slurmdbdConf());

        LoadedConfig loaded = ConfLoader.fromFileSystem().load(layout.slurmConf());

        assertThat(loaded.slurm().nodes()).extracting(NodeConfig::name, NodeConfig::port, NodeConfig::cpus)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("node1", 7101, 8),
                        org.assertj.core.groups.Tuple.tuple("node2", 7102, 8));
        assertThat(loaded.slurm().nodes().get(1).gres().count("gpu")).isEqualTo(8);
        assertThat(loaded.slurm().slurmctldPort().first()).isEqualTo(7001);
        assertThat(loaded.slurm().paths().stateSaveLocation()).isEqualTo(dir.resolve("state"));
        assertThat(loaded.slurm().partitions()).singleElement()
                .satisfies(p -> assertThat(p.name()).isEqualTo("debug"));
        assertThat(config.gresConf()).contains("NodeName=node2 Name=gpu File=" + dir.resolve("dev/nvidia[8-15]"));
        var dbd = ConfLoader.fromFileSystem().loadSlurmdbd(layout.slurmdbdConf()).config();
        assertThat(dbd.dbdPort()).isEqualTo(7002);
        assertThat(dbd.storagePort()).isEqualTo(7003);
    }

    @Test
    void withoutAccountingNoSlurmdbdIsNamed() {
        LocalConfig config = new LocalConfig(new LocalLayout(Path.of("/x")), "bob", "vm", NodeShape.parse(SLURMD_C),
                1, 2, 3, false, List.of(new LocalNode("node1", 4, 0, 0)));

        assertThat(config.slurmConf()).doesNotContain("AccountingStorage").doesNotContain("GresTypes");
    }

    @Test
    void usersGetCredentialsFromASocketInsideTheClusterDirectory(@TempDir Path dir) throws Exception {
        LocalLayout layout = new LocalLayout(dir);
        LocalConfig config = new LocalConfig(layout, "alice", "vm", NodeShape.parse(SLURMD_C), 1, 2, 3, false,
                List.of(new LocalNode("node1", 4, 0, 0)));
        Files.createDirectories(layout.etc());
        Files.writeString(layout.slurmConf(), config.slurmConf());

        var slurm = ConfLoader.fromFileSystem().load(layout.slurmConf()).slurm();

        assertThat(io.jslurm.protocol.auth.AuthInfo.of(slurm, layout.slurmConf()).credentialSocket())
                .isEqualTo(dir.resolve("run/credential.socket"));
    }

    @Test
    void extraPartitionLinesReplaceTheDefaultPartition(@TempDir Path dir) throws Exception {
        LocalLayout layout = new LocalLayout(dir);
        LocalConfig config = new LocalConfig(layout, "alice", "vm", NodeShape.parse(SLURMD_C), 1, 2, 3, false,
                List.of(new LocalNode("node1", 4, 0, 0), new LocalNode("node2", 5, 0, 0)), List.of(
                        "PartitionName=train Nodes=node1 Default=YES MaxTime=72:00:00 State=UP",
                        "PartitionName=train-priority Nodes=node2 MaxTime=7-00:00:00 AllowGroups=ml-team State=UP",
                        "EnforcePartLimits=NO"));
        Files.createDirectories(layout.etc());
        Files.writeString(layout.slurmConf(), config.slurmConf());

        var slurm = ConfLoader.fromFileSystem().load(layout.slurmConf()).slurm();

        assertThat(slurm.partitions()).extracting(p -> p.name()).containsExactly("train", "train-priority");
        assertThat(slurm.partitions().get(1).allowGroups()).containsExactly("ml-team");
        assertThat(config.slurmConf()).doesNotContain("PartitionName=debug").contains("EnforcePartLimits=NO\n");
    }

    @Test
    void stubGpuMinorsStayBelowNvidiactl() {
        assertThatThrownBy(() -> new LocalNode("node32", 4, 8, 250)).hasMessageContaining("GPU minors");
    }
}
