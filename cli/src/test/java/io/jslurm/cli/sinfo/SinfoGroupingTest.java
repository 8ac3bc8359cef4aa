package io.jslurm.cli.sinfo;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.cli.testing.Console;
import io.jslurm.protocol.proto.NodeRecord;
import io.jslurm.protocol.proto.NodeState;
import io.jslurm.protocol.proto.PartitionRecord;
import io.jslurm.protocol.proto.PartitionState;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which nodes share a line: sizes are summarized unless {@code -e} asks for exact matches. */
class SinfoGroupingTest {

    private static NodeRecord node(String name, int cpus, int sockets, long memory, double load) {
        return NodeRecord.newBuilder().setName(name).setAddress(name).setHostname(name).setCpus(cpus).setBoards(1)
                .setSockets(sockets).setCoresPerSocket(2).setThreadsPerCore(1).setRealMemoryMb(memory)
                .setTmpDiskMb(memory / 2).setWeight(cpus).setCpuLoad(load).setFreeMemoryMb(memory - 100)
                .setState(NodeState.NODE_IDLE).addPartitions("p").build();
    }

    private static String sinfo(String... args) {
        PartitionRecord partition = PartitionRecord.newBuilder().setName("p").setState(PartitionState.PARTITION_UP)
                .setIsDefault(true).setMaxTimeMinutes(0xFFFF_FFFF).setMaxNodes(0xFFFF_FFFF).setNodes("n[1-3]")
                .build();
        List<NodeRecord> nodes = List.of(node("n1", 4, 2, 4000, 0.5), node("n2", 8, 4, 8000, 1.25),
                node("n3", 4, 2, 4000, 0.5));
        Console console = Console.offline();
        int status = new Sinfo(console.env()).show(List.of(args), List.of(partition), nodes);
        assertThat(console.err()).isEmpty();
        assertThat(status).isZero();
        return console.out();
    }

    @Test
    void theDefaultLayoutShowsNodesOfDifferentSizesOnOneLine() {
        assertThat(sinfo()).isEqualTo("""
                PARTITION AVAIL  TIMELIMIT  NODES  STATE NODELIST
                p*           up   infinite      3   idle n[1-3]
                """);
    }

    @Test
    void withoutExactSizesShowTheLeastWithAPlusAndLoadsARange() {
        assertThat(sinfo("-h", "-o", "%N %c %m %d %w %z %X %O %e")).isEqualTo(
                "n[1-3] 4+ 4000+ 2000+ 4+ 2+:2:1 2+ 0.50-1.25 3900-7900\n");
        assertThat(sinfo("-h", "-O", "NodeList:10,CPUs:5,Memory:8,Port:6")).isEqualTo(
                "n[1-3]    4+   4000+   0     \n");
    }

    @Test
    void exactKeepsNodesOfDifferentSizesApart() {
        assertThat(sinfo("-e", "-h", "-o", "%N %c %m %z %O")).isEqualTo("""
                n[1,3] 4 4000 2:2:1 0.50
                n2 8 8000 4:2:1 1.25
                """);
        assertThat(sinfo("--exact", "-h", "-o", "%N %m")).isEqualTo("n[1,3] 4000\nn2 8000\n");
    }

    @Test
    void nodesAlikeInEverySizeShowPlainValuesEitherWay() {
        assertThat(sinfo("-h", "-n", "n[1,3]", "-o", "%N %c %m")).isEqualTo("n[1,3] 4 4000\n");
    }
}
