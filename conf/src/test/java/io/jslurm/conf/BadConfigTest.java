package io.jslurm.conf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Configurations a user could plausibly write wrong, each with the exact errors reported. */
class BadConfigTest {

    private static final String BASE = "ClusterName=c\nSlurmctldHost=head\n";
    private static final String NODES = "GresTypes=gpu\nNodeName=n[1-4] CPUs=8 Gres=gpu:a100:2\n";

    static Stream<Arguments> cases() {
        return Stream.of(
                bad("unknown key with a suggestion", BASE + "SchedulerTyp=sched/backfill\n",
                        "/etc/slurm/slurm.conf:3: unknown key 'SchedulerTyp'; did you mean 'SchedulerType'?"),
                bad("unknown key in another case", BASE + "slurmctldport=6817\nKillwiat=30\n",
                        "/etc/slurm/slurm.conf:4: unknown key 'Killwiat'; did you mean 'KillWait'?"),
                bad("unknown key with nothing close", BASE + "Frobnicate=yes\n",
                        "/etc/slurm/slurm.conf:3: unknown key 'Frobnicate'"),
                bad("unknown node key", BASE + "NodeName=n1 CPUS=4 RealMemroy=100\n",
                        "/etc/slurm/slurm.conf:3: unknown key 'RealMemroy'; did you mean 'RealMemory'?"),
                bad("misspelt partition line", BASE + "PartitonName=p Nodes=n1\n",
                        "/etc/slurm/slurm.conf:3: unknown key 'PartitonName'; did you mean 'PartitionName'?"),
                bad("bad port", BASE + "SlurmctldPort=http\n",
                        "/etc/slurm/slurm.conf:3: invalid value 'http' for SlurmctldPort: expected a port number from 1 to "
                                + "65535, or a range such as 6817-6818"),
                bad("bad choice", BASE + "SelectType=select/magic\n",
                        "/etc/slurm/slurm.conf:3: invalid value 'select/magic' for SelectType: expected one of "
                                + "select/linear, select/cons_res, select/cons_tres, select/cray_aries"),
                bad("bad select parameters", BASE + "SelectTypeParameters=CR_Core,CR_Fast\n",
                        "/etc/slurm/slurm.conf:3: invalid value 'CR_Core,CR_Fast' for SelectTypeParameters: 'CR_Fast' is "
                                + "neither a resource mode (CR_CPU, CR_CPU_Memory, CR_Core, CR_Core_Memory, CR_Socket, "
                                + "CR_Socket_Memory, CR_Memory) nor a modifier (CR_ONE_TASK_PER_CORE, "
                                + "CR_CORE_DEFAULT_DIST_BLOCK, CR_LLN, CR_Pack_Nodes, OTHER_CONS_RES, OTHER_CONS_TRES)"),
                bad("bad scheduler option", BASE + "SchedulerParameters=bf_window=two,bf_continue\n",
                        "/etc/slurm/slurm.conf:3: invalid value 'bf_window=two,bf_continue' for SchedulerParameters: "
                                + "option bf_window=two needs a whole number of at least 1"),
                bad("bad boolean", BASE + "NodeName=n1\nPartitionName=p Nodes=n1 Default=maybe\n",
                        "/etc/slurm/slurm.conf:4: invalid value 'maybe' for Default: expected YES or NO"),
                bad("bad oversubscribe", BASE + "NodeName=n1\nPartitionName=p Nodes=n1 OverSubscribe=EXCLUSIVE:2\n",
                        "/etc/slurm/slurm.conf:4: invalid value 'EXCLUSIVE:2' for OverSubscribe: EXCLUSIVE takes no "
                                + "share count; expected NO, YES[:N], FORCE[:N] or EXCLUSIVE"),
                bad("bad partition state", BASE + "NodeName=n1\nPartitionName=p Nodes=n1 State=OPEN\n",
                        "/etc/slurm/slurm.conf:4: invalid value 'OPEN' for State: expected one of UP, DOWN, DRAIN, INACTIVE"),
                bad("bad hostlist", BASE + "NodeName=n[1-\n",
                        "/etc/slurm/slurm.conf:3: invalid value 'n[1-' for NodeName: '[' without ']'"),
                bad("backwards range", BASE + "NodeName=n[5-1]\n",
                        "/etc/slurm/slurm.conf:3: invalid value 'n[5-1]' for NodeName: range '5-1' runs backwards"),
                bad("bad TRES weight", BASE + "PriorityWeightTRES=CPU=1000,GPU=2000\n",
                        "/etc/slurm/slurm.conf:3: invalid value 'CPU=1000,GPU=2000' for PriorityWeightTRES: 'GPU' is not "
                                + "a TRES name such as cpu, mem, node, billing, gres/gpu or license/NAME"),
                bad("time slice too short", BASE + "SchedulerTimeSlice=2\n",
                        "/etc/slurm/slurm.conf:3: invalid value '2' for SchedulerTimeSlice: expected a whole number "
                                + "from 5 to 65533"),
                bad("bad billing weight", BASE + "NodeName=n1\nPartitionName=p Nodes=n1 TRESBillingWeights=CPU=1,Mem=lots\n",
                        "/etc/slurm/slurm.conf:4: invalid value 'CPU=1,Mem=lots' for TRESBillingWeights: the billing "
                                + "weight of Mem must be a number with an optional K, M, G, T or P suffix, not 'lots'"),
                bad("bad node Gres", BASE + "GresTypes=gpu\nNodeName=n1 Gres=gpu:a100:eight:x\n",
                        "/etc/slurm/slurm.conf:4: invalid value 'gpu:a100:eight:x' for Gres: invalid entry "
                                + "'gpu:a100:eight:x'; expected NAME[:TYPE][:COUNT], comma separated"),
                bad("node defined twice", BASE + "NodeName=n[1-4]\nNodeName=n4\n",
                        "/etc/slurm/slurm.conf:4: node 'n4' is already defined at /etc/slurm/slurm.conf:3"),
                bad("partition names an undefined node", BASE + "NodeName=n[1-4]\nPartitionName=p Nodes=n[3-5]\n",
                        "/etc/slurm/slurm.conf:4: partition 'p' names node 'n5', which no NodeName line defines"),
                bad("partition defined twice", BASE + "NodeName=n1\nPartitionName=a Nodes=n1\n"
                                + "PartitionName=a Nodes=n1\n",
                        "/etc/slurm/slurm.conf:5: partition 'a' is already defined at /etc/slurm/slurm.conf:4"),
                bad("NodeAddr count differs", BASE + "NodeName=n[1-3] NodeAddr=10.0.0.[1-2]\n",
                        "/etc/slurm/slurm.conf:3: invalid value '10.0.0.[1-2]' for NodeAddr: it names 2 hosts but "
                                + "NodeName names 3 nodes; give one per node"),
                bad("bad value on a DEFAULT line is reported once, at that line",
                        BASE + "NodeName=DEFAULT RealMemory=lots\nNodeName=n1\nNodeName=n2\n",
                        "/etc/slurm/slurm.conf:3: invalid value 'lots' for RealMemory: expected a whole number from 1 to "
                                + Long.MAX_VALUE / (1024 * 1024)),
                bad("bad time limit", BASE + "NodeName=n1\nPartitionName=p Nodes=n1 MaxTime=3days\n",
                        "/etc/slurm/slurm.conf:4: invalid value '3days' for MaxTime: expected MM, MM:SS, HH:MM:SS, "
                                + "D-HH, D-HH:MM or D-HH:MM:SS, UNLIMITED or INFINITE"),
                bad("bad priority age", BASE + "PriorityMaxAge=1w\n",
                        "/etc/slurm/slurm.conf:3: invalid value '1w' for PriorityMaxAge: expected MM, MM:SS, HH:MM:SS, "
                                + "D-HH, D-HH:MM or D-HH:MM:SS"),
                bad("MemSpecLimit above RealMemory", BASE + "NodeName=n1 RealMemory=1000 MemSpecLimit=2000\n",
                        "/etc/slurm/slurm.conf:3: invalid value '2000' for MemSpecLimit: it is more than RealMemory=1000"),
                bad("unknown key on a DEFAULT line", BASE + "NodeName=DEFAULT Sokets=2\nNodeName=n1\n",
                        "/etc/slurm/slurm.conf:3: unknown key 'Sokets'; did you mean 'Sockets'?"),
                bad("continuation at end of file", BASE + "NodeName=n1 \\\n",
                        "/etc/slurm/slurm.conf:3: line continuation '\\' at end of file"),
                bad("pair without a value", BASE + "KillWait\n",
                        "/etc/slurm/slurm.conf:3: expected Key=value but found 'KillWait'"),
                bad("unterminated quote", BASE + "NodeName=n1 Reason=\"disk\n",
                        "/etc/slurm/slurm.conf:3: value of 'Reason' has an unterminated quote"),
                bad("missing include", BASE + "Include nodes.conf\n",
                        "/etc/slurm/slurm.conf:3: included file '/etc/slurm/nodes.conf' does not exist"),
                bad("no controller", "ClusterName=c\n",
                        "/etc/slurm/slurm.conf: no controller is configured; add SlurmctldHost=<host>"),
                bad("no cluster name", "SlurmctldHost=head\n",
                        "/etc/slurm/slurm.conf: ClusterName is not set"),
                bad("cluster name longer than the accounting columns", "ClusterName=" + "c".repeat(65)
                        + "\nSlurmctldHost=head\n", "/etc/slurm/slurm.conf:1: invalid value '" + "c".repeat(65)
                        + "' for ClusterName: at most 64 characters (it has 65)"),
                bad("old and new controller keys together", BASE + "ControlMachine=head\n",
                        "/etc/slurm/slurm.conf:3: ControlMachine and BackupController cannot be combined with "
                                + "SlurmctldHost; use SlurmctldHost only"),
                bad("bad controller address", "ClusterName=c\nSlurmctldHost=head(10.0.0.1\n",
                        "/etc/slurm/slurm.conf:2: invalid value 'head(10.0.0.1' for SlurmctldHost: expected a host "
                                + "name, optionally followed by (address)"),
                bad("every error is reported, not just the first",
                        BASE + "KillWait=soon\nSlurmdPort=0\nNodeName=n1 Weight=heavy\n",
                        "/etc/slurm/slurm.conf:3: invalid value 'soon' for KillWait: expected a whole number from 0 to "
                                + Integer.MAX_VALUE,
                        "/etc/slurm/slurm.conf:4: invalid value '0' for SlurmdPort: expected a whole number from 1 to 65535",
                        "/etc/slurm/slurm.conf:5: invalid value 'heavy' for Weight: expected a whole number from 1 to "
                                + Integer.MAX_VALUE));
    }

    private static Arguments bad(String name, String slurmConf, String... errors) {
        return Arguments.of(name, slurmConf, List.of(errors));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void reportsExactly(String name, String slurmConf, List<String> expected) {
        ConfFiles files = new InMemoryConfFiles().with("/etc/slurm/slurm.conf", slurmConf);

        ConfException e = catchThrowableOfType(ConfException.class,
                () -> new ConfLoader(files).load(Path.of("/etc/slurm/slurm.conf")));

        assertThat(e).as(name).isNotNull();
        assertThat(e.errors()).extracting(ConfProblem::toString).containsExactlyElementsOf(expected);
    }
}
