package io.jslurm.cli.sinfo;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.cli.testing.Console;
import io.jslurm.cli.testing.Records;
import io.jslurm.protocol.proto.PartitionRecord;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Nodes in two partitions (gpu and train), and -O fields sinfo does not know: what monitoring scripts meet. */
class SinfoOverlapTest {

    private static List<PartitionRecord> partitions() {
        return List.of(Records.gpuPartition(), Records.cpuPartition(),
                Records.gpuPartition().toBuilder().setName("train").setIsDefault(false).build());
    }

    private static Console sinfo(int expectedStatus, String... args) {
        Console console = Console.offline();
        int status = new Sinfo(console.env()).show(List.of(args), partitions(), Records.nodes());
        assertThat(status).as(console.err()).isEqualTo(expectedStatus);
        return console;
    }

    @Test
    void withoutAPartitionColumnEachNodeIsShownOnce() {
        // Lines alike in every shown value share a line whichever partitions their nodes are in.
        assertThat(sinfo(0, "-h", "-o", "%N %t").out()).isEqualTo("""
                gpu04 drain
                cpu001,gpu03 mix
                gpu[01-02] alloc
                cpu003 down*
                cpu002 idle
                """);
        assertThat(sinfo(0, "-h", "-N", "-o", "%N %t").out().lines()).containsExactly("cpu001 mix", "cpu002 idle",
                "cpu003 down*", "gpu01 alloc", "gpu02 alloc", "gpu03 mix", "gpu04 drain");
    }

    @Test
    void withAPartitionColumnEachPartitionHasItsLines() {
        assertThat(sinfo(0, "-h", "-o", "%P %N %t").out()).contains("gpu* gpu[01-02] alloc\n",
                "train gpu[01-02] alloc\n");
        assertThat(sinfo(0, "-h", "-N", "-p", "train", "-o", "%N %P").out().lines()).containsExactly(
                "gpu01 train", "gpu02 train", "gpu03 train", "gpu04 train");
    }

    @Test
    void anUnknownLongFieldIsReportedAndTheOthersPrinted() {
        Console console = sinfo(0, "-p", "cpu", "-O", "NodeList:10,State:10,StateCompact:8");
        assertThat(console.err()).isEqualTo("sinfo: error: Invalid job format specification: State\n");
        assertThat(console.out()).isEqualTo("""
                NODELIST  STATE  \s
                cpu003    down*  \s
                cpu001    mix    \s
                cpu002    idle   \s
                """);
    }
}
