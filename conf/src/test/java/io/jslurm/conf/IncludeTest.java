package io.jslurm.conf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.jslurm.conf.slurm.NodeConfig;
import io.jslurm.conf.slurm.SlurmConfig;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class IncludeTest {

    private static final Path SLURM_CONF = Path.of("/etc/slurm/slurm.conf");

    @Test
    void relativeIncludeIsTakenFromTheIncludingFilesDirectory() {
        InMemoryConfFiles files = new InMemoryConfFiles()
                .with("/etc/slurm/slurm.conf", "ClusterName=c\nSlurmctldHost=head\nInclude conf.d/nodes.conf\n")
                .with("/etc/slurm/conf.d/nodes.conf", "Include more/gpu.conf\n")
                .with("/etc/slurm/conf.d/more/gpu.conf", "NodeName=g[1-2] CPUs=16\n");

        SlurmConfig conf = new ConfLoader(files).load(SLURM_CONF).slurm();

        assertThat(conf.nodes()).extracting(NodeConfig::name).containsExactly("g1", "g2");
        assertThat(conf.nodes().get(0).location()).isEqualTo(new Location("/etc/slurm/conf.d/more/gpu.conf", 1));
    }

    @Test
    void globIncludesEveryMatchInNameOrder() {
        InMemoryConfFiles files = new InMemoryConfFiles()
                .with("/etc/slurm/slurm.conf", "ClusterName=c\nSlurmctldHost=head\nInclude /etc/slurm/nodes.d/*.conf\n"
                        + "PartitionName=all Nodes=ALL\n")
                .with("/etc/slurm/nodes.d/20-cpu.conf", "NodeName=c1\n")
                .with("/etc/slurm/nodes.d/10-gpu.conf", "NodeName=g1\n")
                .with("/etc/slurm/nodes.d/README", "not a config\n");

        SlurmConfig conf = new ConfLoader(files).load(SLURM_CONF).slurm();

        assertThat(conf.nodes()).extracting(NodeConfig::name).containsExactly("g1", "c1");
        assertThat(conf.partition("all").orElseThrow().nodes().hosts()).containsExactly("g1", "c1");
    }

    @Test
    void globMatchingNothingIsAWarning() {
        InMemoryConfFiles files = new InMemoryConfFiles()
                .with("/etc/slurm/slurm.conf", "ClusterName=c\nSlurmctldHost=head\nInclude extra/*.conf\n");

        LoadedConfig loaded = new ConfLoader(files).load(SLURM_CONF);

        assertThat(loaded.warnings()).extracting(ConfProblem::toString)
                .containsExactly("/etc/slurm/slurm.conf:3: Include pattern '/etc/slurm/extra/*.conf' matches no file");
    }

    @Test
    void missingFileInANestedIncludeNamesTheIncludingLine() {
        InMemoryConfFiles files = new InMemoryConfFiles()
                .with("/etc/slurm/slurm.conf", "ClusterName=c\nSlurmctldHost=head\nInclude a.conf\n")
                .with("/etc/slurm/a.conf", "# nodes\nInclude ../shared/b.conf\n");

        ConfException e = catchThrowableOfType(ConfException.class, () -> new ConfLoader(files).load(SLURM_CONF));

        assertThat(e.getMessage()).isEqualTo("1 error in configuration:\n"
                + "  /etc/slurm/a.conf:2: included file '/etc/shared/b.conf' does not exist");
    }

    @Test
    void selfIncludeStopsAtTheNestingLimit() {
        InMemoryConfFiles files = new InMemoryConfFiles()
                .with("/etc/slurm/slurm.conf", "ClusterName=c\nSlurmctldHost=head\nInclude loop.conf\n")
                .with("/etc/slurm/loop.conf", "Include loop.conf\n");

        ConfException e = catchThrowableOfType(ConfException.class, () -> new ConfLoader(files).load(SLURM_CONF));

        assertThat(e.errors()).extracting(ConfProblem::toString).containsExactly(
                "/etc/slurm/loop.conf:1: Include nested more than 16 levels deep (does a file include itself?)");
    }

    @Test
    void missingSlurmConfIsAnError() {
        ConfException e = catchThrowableOfType(ConfException.class,
                () -> new ConfLoader(new InMemoryConfFiles()).load(SLURM_CONF));

        assertThat(e.errors()).extracting(ConfProblem::toString)
                .containsExactly("/etc/slurm/slurm.conf: file does not exist or cannot be read");
    }
}
