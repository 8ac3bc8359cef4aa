package io.jslurm.cli.sinfo;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.cli.testing.Console;
import io.jslurm.cli.testing.Records;
import java.util.List;
import org.junit.jupiter.api.Test;

/** sinfo's layouts over a known cluster, line for line. */
class SinfoOutputTest {

    private static String sinfo(String... args) {
        Console console = Console.offline();
        int status = new Sinfo(console.env()).show(List.of(args), Records.partitions(), Records.nodes());
        assertThat(console.err()).isEmpty();
        assertThat(status).isZero();
        return console.out();
    }

    @Test
    void defaultSummaryGroupsEachPartitionsNodesByState() {
        assertThat(sinfo()).isEqualTo("""
                PARTITION AVAIL  TIMELIMIT  NODES  STATE NODELIST
                gpu*         up   infinite      1  drain gpu04
                gpu*         up   infinite      1    mix gpu03
                gpu*         up   infinite      2  alloc gpu[01-02]
                cpu          up 2-00:00:00      1  down* cpu003
                cpu          up 2-00:00:00      1    mix cpu001
                cpu          up 2-00:00:00      1   idle cpu002
                """);
    }

    @Test
    void exactKeepsNodesApartThatDifferInAnyDisplayedColumn() {
        // gpu01 and gpu02 are both allocated, but only gpu01 reports a CPU load.
        assertThat(sinfo("-e", "-p", "gpu", "-h", "-o", "%t %O %D %N")).isEqualTo("""
                drain N/A 1 gpu04
                mix N/A 1 gpu03
                alloc 31.50 1 gpu01
                alloc N/A 1 gpu02
                """);
        assertThat(sinfo("--exact", "-p", "gpu", "-h", "-o", "%t %c %D %N")).isEqualTo("""
                drain 64 1 gpu04
                mix 64 1 gpu03
                alloc 64 2 gpu[01-02]
                """);
    }

    @Test
    void longSummaryStartsWithTheDate() {
        assertThat(sinfo("-l", "-p", "gpu")).isEqualTo("""
                Mon Mar 02 10:15:30 2026
                PARTITION AVAIL  TIMELIMIT   JOB_SIZE ROOT OVERSUBS     GROUPS  NODES       STATE NODELIST
                gpu*         up   infinite 1-infinite   no       NO        all      1     drained gpu04
                gpu*         up   infinite 1-infinite   no       NO        all      1       mixed gpu03
                gpu*         up   infinite 1-infinite   no       NO        all      2   allocated gpu[01-02]
                """);
    }

    @Test
    void perNodeLinesAreAsWideAsTheLongestName() {
        assertThat(sinfo("-N")).isEqualTo("""
                NODELIST  NODES PARTITION STATE\s
                cpu001        1 cpu       mix  \s
                cpu002        1 cpu       idle \s
                cpu003        1 cpu       down*\s
                gpu01         1 gpu*      alloc\s
                gpu02         1 gpu*      alloc\s
                gpu03         1 gpu*      mix  \s
                gpu04         1 gpu*      drain\s
                """);
    }

    @Test
    void summarizeCountsNodesAllocatedIdleOtherAndTotal() {
        assertThat(sinfo("-s")).isEqualTo("""
                PARTITION AVAIL  TIMELIMIT   NODES(A/I/O/T)  NODELIST
                gpu*         up   infinite          3/0/1/4  gpu[01-04]
                cpu          up 2-00:00:00          1/1/1/3  cpu[001-003]
                """);
    }

    @Test
    void reasonsListTheUnavailableNodes() {
        assertThat(sinfo("-R")).isEqualTo("""
                REASON               USER      TIMESTAMP           NODELIST
                Not responding       slurm     2026-03-02T07:00:00 cpu003
                bad GPU 3            root      2026-03-02T08:30:00 gpu04
                """);
    }

    @Test
    void gresAndStateFormatFromTheSeed() {
        assertThat(sinfo("-o", "%N %G %T")).isEqualTo("""
                NODELIST GRES STATE
                gpu04 gpu:a100:8 drained
                gpu03 gpu:a100:8 mixed
                gpu[01-02] gpu:a100:8 allocated
                cpu003 (null) down*
                cpu001 (null) mixed
                cpu002 (null) idle
                """);
    }

    @Test
    void cpuCountsAndFiltersByStateAndNode() {
        assertThat(sinfo("-h", "-p", "gpu", "-o", "%C %c %z %m")).isEqualTo("129/63/64/256 64 2:16:2 512000\n");
        assertThat(sinfo("-h", "-t", "idle,drain", "-o", "%N %t")).isEqualTo("gpu04 drain\ncpu002 idle\n");
        assertThat(sinfo("-h", "-n", "gpu[03-04],cpu001", "-o", "%P %N")).isEqualTo(
                "gpu* gpu[03-04]\ncpu cpu001\n");
        assertThat(sinfo("-h", "-d", "-o", "%N")).isEqualTo("cpu003\n");
    }

    @Test
    void longNamesWithWidths() {
        assertThat(sinfo("-h", "-p", "cpu", "-O", "NodeList:10,StateLong:.8,CPUs:4")).isEqualTo("""
                cpu003       down*32 \s
                cpu001       mixed32 \s
                cpu002        idle32 \s
                """);
    }

    @Test
    void unknownStatesAreRefused() {
        Console console = Console.offline();
        assertThat(new Sinfo(console.env()).run(List.of("-t", "sleepy"))).isEqualTo(1);
        assertThat(console.err()).isEqualTo("sinfo: error: Bad state string: \"sleepy\"\n"
                + "sinfo: error: valid states: unknown,down,idle,allocated,?,mixed,future,drain,drained,draining,"
                + "no_respond,reserved,perfctrs,cloud,completing,powering_down,powered_down,power_down,powering_up,"
                + "fail,maint,reboot,reboot^,unknown\n");
    }

    @Test
    void unreachableControllerIsSlurmsMessage() {
        Console console = Console.offline();
        assertThat(new Sinfo(console.env()).run(List.of())).isEqualTo(1);
        assertThat(console.err()).isEqualTo(
                "slurm_load_partitions: Unable to contact slurm controller (connect failure)\n");
    }
}
