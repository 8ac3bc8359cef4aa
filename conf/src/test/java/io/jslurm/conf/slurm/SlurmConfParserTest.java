package io.jslurm.conf.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.common.cpu.IdSet;
import io.jslurm.common.time.TimeLimit;
import io.jslurm.common.units.MemorySize;
import io.jslurm.conf.ConfLoader;
import io.jslurm.conf.ConfProblem;
import io.jslurm.conf.InMemoryConfFiles;
import io.jslurm.conf.LoadedConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SlurmConfParserTest {

    private static LoadedConfig load(String text) {
        return new ConfLoader(new InMemoryConfFiles().with("/etc/slurm/slurm.conf", text))
                .load(Path.of("/etc/slurm/slurm.conf"));
    }

    private static SlurmConfig parse(String text) {
        return load("ClusterName=Test\nSlurmctldHost=head\n" + text).slurm();
    }

    @Test
    void nodeDefaultsApplyToLaterLinesOnlyAndLaterDefaultsAddToThem() {
        SlurmConfig conf = parse("""
                NodeName=early
                NodeName=DEFAULT CPUs=64 RealMemory=512000 Features=a100
                NodeName=g[1-2]
                NodeName=g3 CPUs=32
                NodeName=DEFAULT RealMemory=1000
                NodeName=g4
                """);

        assertThat(conf.node("early").orElseThrow().cpus()).isEqualTo(1);
        assertThat(conf.node("g1").orElseThrow().cpus()).isEqualTo(64);
        assertThat(conf.node("g2").orElseThrow().realMemory()).isEqualTo(MemorySize.ofMebibytes(512000));
        assertThat(conf.node("g2").orElseThrow().features()).containsExactly("a100");
        assertThat(conf.node("g3").orElseThrow().cpus()).isEqualTo(32);
        assertThat(conf.node("g4").orElseThrow().cpus()).isEqualTo(64);
        assertThat(conf.node("g4").orElseThrow().realMemory()).isEqualTo(MemorySize.ofMebibytes(1000));
        assertThat(conf.nodes()).hasSize(5);
    }

    @Test
    void partitionDefaultsApply() {
        SlurmConfig conf = parse("""
                NodeName=n[1-4]
                PartitionName=DEFAULT MaxTime=1:00:00 State=DOWN AllowGroups=ml,ops
                PartitionName=a Nodes=n[1-2]
                PartitionName=b Nodes=n[3-4] State=UP
                """);

        assertThat(conf.partition("a").orElseThrow().state()).isEqualTo(PartitionState.DOWN);
        assertThat(conf.partition("a").orElseThrow().maxTime()).isEqualTo(TimeLimit.ofMinutes(60));
        assertThat(conf.partition("b").orElseThrow().defaultTime()).isEmpty();
        assertThat(conf.partition("a").orElseThrow().allowGroups()).containsExactly("ml", "ops");
        assertThat(conf.partition("b").orElseThrow().state()).isEqualTo(PartitionState.UP);
    }

    @Test
    void topologyDerivesCpus() {
        SlurmConfig conf = parse("""
                NodeName=a Sockets=2 CoresPerSocket=32 ThreadsPerCore=2
                NodeName=b Boards=2 SocketsPerBoard=2 CoresPerSocket=8
                NodeName=c CPUs=12
                NodeName=d CPUs=64 Sockets=2 CoresPerSocket=32 ThreadsPerCore=2
                """);

        NodeConfig a = conf.node("a").orElseThrow();
        assertThat(a.cpus()).isEqualTo(128);
        assertThat(a.cores()).isEqualTo(64);
        NodeConfig b = conf.node("b").orElseThrow();
        assertThat(b.sockets()).isEqualTo(4);
        assertThat(b.cpus()).isEqualTo(32);
        NodeConfig c = conf.node("c").orElseThrow();
        assertThat(c.sockets()).isEqualTo(12);
        assertThat(c.coresPerSocket()).isEqualTo(1);
        assertThat(conf.node("d").orElseThrow().cpus()).isEqualTo(64);
    }

    @Test
    void cpusThatFitNoTopologyLevelAreResetWithAWarning() {
        LoadedConfig loaded = load("ClusterName=c\nSlurmctldHost=head\n"
                + "NodeName=n1 CPUs=10 Sockets=2 CoresPerSocket=4 ThreadsPerCore=2\n"
                + "NodeName=n2 CPUs=8 Sockets=2 CoresPerSocket=4 ThreadsPerCore=2\n");

        assertThat(loaded.slurm().node("n1").orElseThrow().cpus()).isEqualTo(16);
        assertThat(loaded.slurm().node("n2").orElseThrow().cpus()).isEqualTo(8);
        assertThat(loaded.warnings()).extracting(ConfProblem::toString).containsExactly(
                "/etc/slurm/slurm.conf:3: CPUs=10 matches neither Sockets (2), Sockets*CoresPerSocket (8) nor "
                        + "Sockets*CoresPerSocket*ThreadsPerCore (16); using 16");
    }

    @Test
    void nodeAddressesAndHostnamesPairUpWithNames() {
        SlurmConfig conf = parse("NodeName=n[1-2] NodeHostname=host[1-2] NodeAddr=10.0.0.[11-12] Port=7000"
                + " State=DRAIN Reason=\"bad fan\" Weight=10 MemSpecLimit=2048 RealMemory=4096 CpuSpecList=0,1\n");

        NodeConfig n2 = conf.node("n2").orElseThrow();
        assertThat(n2.hostname()).isEqualTo("host2");
        assertThat(n2.address()).isEqualTo("10.0.0.12");
        assertThat(n2.port()).isEqualTo(7000);
        assertThat(n2.state()).isEqualTo(NodeStateSetting.DRAIN);
        assertThat(n2.reason()).contains("bad fan");
        assertThat(n2.weight()).isEqualTo(10);
        assertThat(n2.memSpecLimit()).isEqualTo(MemorySize.ofGibibytes(2));
        assertThat(n2.realMemory()).isEqualTo(MemorySize.ofGibibytes(4));
        assertThat(n2.cpuSpecList()).isEqualTo(IdSet.of(0, 1));
    }

    @Test
    void oldControllerKeysGiveThePrimaryAndBackup() {
        SlurmConfig conf = load("ClusterName=c\nControlMachine=ctl1\nControlAddr=10.0.0.1\nBackupController=ctl2\n")
                .slurm();

        assertThat(conf.controllers()).containsExactly(new ControllerHost("ctl1", Optional.of("10.0.0.1")),
                new ControllerHost("ctl2", Optional.empty()));
    }

    @Test
    void slurmctldHostTakesAnAddressInParentheses() {
        SlurmConfig conf = load("ClusterName=c\nSlurmctldHost=ctl1(10.0.0.1)\nSlurmctldHost=ctl2\n").slurm();

        assertThat(conf.controllers()).extracting(ControllerHost::connectTo).containsExactly("10.0.0.1", "ctl2");
        assertThat(conf.controllers().get(0)).hasToString("ctl1(10.0.0.1)");
    }

    @Test
    void clusterNameIsLowerCased() {
        assertThat(parse("").clusterName()).isEqualTo("test");
    }

    @Test
    void knownButUnsupportedKeysAreWarningsUnlessSetToSlurmsDefault() {
        LoadedConfig loaded = load("ClusterName=c\nSlurmctldHost=head\nTopologyPlugin=topology/tree\n"
                + "FrontendName=fe1\nNodeName=n1 BcastAddr=10.0.0.1\nJobCompType=jobcomp/none\n");

        assertThat(loaded.warnings()).extracting(ConfProblem::toString).containsExactly(
                "/etc/slurm/slurm.conf:3: key 'TopologyPlugin' is not supported yet and is ignored",
                "/etc/slurm/slurm.conf:4: key 'FrontendName' is not supported yet and is ignored",
                "/etc/slurm/slurm.conf:5: key 'BcastAddr' is not supported yet and is ignored");
    }

    @Test
    void repeatedKeyWarnsAndTheLastValueWins() {
        LoadedConfig loaded = load("ClusterName=c\nSlurmctldHost=head\nKillWait=30\nKillWait=60\n");

        assertThat(loaded.slurm().timers().killWait()).isEqualTo(Duration.ofSeconds(60));
        assertThat(loaded.warnings()).extracting(ConfProblem::toString).containsExactly(
                "/etc/slurm/slurm.conf:4: key 'KillWait' is set again; this value replaces the one at "
                        + "/etc/slurm/slurm.conf:3");
    }

    @Test
    void schedulingAndPrioritySettings() {
        SlurmConfig conf = parse("""
                SelectTypeParameters=CR_CPU_Memory,CR_Pack_Nodes
                SchedulerParameters=bf_window=2880,bf_resolution=300,bf_max_job_test=1000,bf_continue,bf_interval=60,\\
                bf_max_job_user=20,bf_max_job_part=100,default_queue_depth=200,bf_busy_nodes,max_rpc_cnt=150
                PriorityType=priority/multifactor
                PriorityWeightAge=1000
                PriorityWeightFairshare=10000
                PriorityWeightJobSize=500
                PriorityWeightPartition=2000
                PriorityWeightQOS=3000
                PriorityWeightTRES=CPU=1000,Mem=2000,GRES/gpu=3000
                PriorityFavorSmall=NO
                PriorityFlags=CALCULATE_RUNNING,SMALL_RELATIVE_TO_TIME
                PriorityMaxAge=14-0
                PriorityDecayHalfLife=1:00:00
                PreemptType=preempt/qos
                PreemptMode=SUSPEND,GANG
                SchedulerTimeSlice=5
                """);

        SchedulingConfig scheduling = conf.scheduling();
        assertThat(scheduling.selectParameters().mode()).isEqualTo(ResourceMode.CR_CPU_MEMORY);
        assertThat(scheduling.selectParameters().memoryIsConsumable()).isTrue();
        assertThat(scheduling.selectParameters().flags()).containsExactly(SelectFlag.CR_PACK_NODES);
        SchedulerParameters params = scheduling.schedulerParameters();
        assertThat(params).isEqualTo(new SchedulerParameters(2880, 300, 1000, true, 60, 20, 100, 200, true,
                Map.of("max_rpc_cnt", "150")));
        assertThat(scheduling.preemptType()).isEqualTo(PreemptPlugin.QOS);
        assertThat(scheduling.preemptMode()).containsExactlyInAnyOrder(PreemptMode.SUSPEND, PreemptMode.GANG);
        assertThat(scheduling.gang()).isTrue();
        assertThat(scheduling.timeSlice()).isEqualTo(Duration.ofSeconds(5));

        PriorityConfig priority = conf.priority();
        assertThat(priority.type()).isEqualTo(PriorityPlugin.MULTIFACTOR);
        assertThat(priority.weightAge()).isEqualTo(1000);
        assertThat(priority.weightFairshare()).isEqualTo(10000);
        assertThat(priority.weightJobSize()).isEqualTo(500);
        assertThat(priority.weightPartition()).isEqualTo(2000);
        assertThat(priority.weightQos()).isEqualTo(3000);
        assertThat(priority.weightTres()).isEqualTo(Map.of("cpu", 1000L, "mem", 2000L, "gres/gpu", 3000L));
        assertThat(priority.favorSmall()).isFalse();
        assertThat(priority.maxAge()).isEqualTo(Duration.ofDays(14));
        assertThat(priority.decayHalfLife()).isEqualTo(Duration.ofHours(1));
        assertThat(priority.flags()).containsExactlyInAnyOrder(PriorityFlag.CALCULATE_RUNNING,
                PriorityFlag.SMALL_RELATIVE_TO_TIME);
    }

    @Test
    void defaultsMatchSlurms() {
        SlurmConfig conf = parse("");

        assertThat(conf.scheduling().select()).isEqualTo(SelectPlugin.LINEAR);
        assertThat(conf.scheduling().selectParameters().mode()).isEqualTo(ResourceMode.CR_CORE_MEMORY);
        assertThat(conf.scheduling().schedulerParameters()).isEqualTo(SchedulerParameters.DEFAULTS);
        assertThat(conf.scheduling().preemptMode()).containsExactly(PreemptMode.OFF);
        assertThat(conf.scheduling().gang()).isFalse();
        assertThat(conf.scheduling().timeSlice()).isEqualTo(Duration.ofSeconds(30));
        assertThat(conf.priority().type()).isEqualTo(PriorityPlugin.BASIC);
        assertThat(conf.accounting().type()).isEqualTo(AccountingStoragePlugin.NONE);
        assertThat(conf.timers()).isEqualTo(new Timers(Duration.ofSeconds(300), Duration.ofSeconds(120),
                Duration.ofSeconds(300), Duration.ofSeconds(30), Duration.ofSeconds(10), Duration.ZERO, Duration.ZERO,
                Duration.ZERO));
        assertThat(conf.limits()).isEqualTo(new JobLimits(10000, 1001, 1, 67043328, 0));
        assertThat(conf.paths().stateSaveLocation()).isEqualTo(Path.of("/var/spool"));
        assertThat(conf.paths().slurmdSpoolDir()).isEqualTo(Path.of("/var/spool/slurmd"));
        assertThat(conf.paths().prolog()).isEmpty();
        assertThat(conf.launch().proctrackType()).isEqualTo("proctrack/cgroup");
        assertThat(conf.launch().taskPlugins()).containsExactly("task/none");
        assertThat(conf.slurmUser()).isEqualTo("root");
        assertThat(conf.slurmctldDebug()).isEqualTo(DebugLevel.INFO);
        assertThat(conf.scheduling().memory().defMemPerCpu()).isEmpty();
        assertThat(conf.priority().maxAge()).isEqualTo(Duration.ofDays(7));
        assertThat(conf.priority().decayHalfLife()).isEqualTo(Duration.ofDays(7));
    }

    @Test
    void daemonSettings() {
        SlurmConfig conf = parse("""
                SlurmctldPort=7817-7820
                SlurmdPort=7818
                StateSaveLocation=/var/spool/slurmctld
                SlurmdSpoolDir=/var/spool/slurmd
                SlurmctldLogFile=/var/log/slurmctld.log
                SlurmdLogFile=/var/log/slurmd.log
                SlurmctldPidFile=/run/slurmctld.pid
                Prolog=/etc/slurm/prolog.sh
                Epilog=/etc/slurm/epilog.sh
                TaskProlog=/etc/slurm/task_prolog.sh
                TaskEpilog=/etc/slurm/task_epilog.sh
                SlurmdTimeout=600
                SlurmctldTimeout=60
                MinJobAge=120
                KillWait=45
                MessageTimeout=20
                InactiveLimit=300
                ReturnToService=2
                MaxJobCount=50000
                MaxArraySize=10001
                FirstJobId=1000
                ProctrackType=proctrack/linuxproc
                TaskPlugin=task/affinity,task/cgroup
                JobAcctGatherType=jobacct_gather/cgroup
                PrologFlags=Alloc,Contain,X11
                SlurmUser=slurm
                AccountingStoragePort=7819
                AccountingStorageEnforce=associations,limits,qos
                DefMemPerCPU=4096
                SlurmctldDebug=debug2
                """);

        assertThat(conf.slurmctldPort()).isEqualTo(new PortRange(7817, 7820));
        assertThat(conf.slurmctldPort().count()).isEqualTo(4);
        assertThat(conf.slurmdPort()).isEqualTo(7818);
        DaemonPaths paths = conf.paths();
        assertThat(paths.stateSaveLocation()).isEqualTo(Path.of("/var/spool/slurmctld"));
        assertThat(paths.slurmctldLogFile()).contains(Path.of("/var/log/slurmctld.log"));
        assertThat(paths.slurmdLogFile()).contains(Path.of("/var/log/slurmd.log"));
        assertThat(paths.slurmctldPidFile()).isEqualTo(Path.of("/run/slurmctld.pid"));
        assertThat(paths.prolog()).contains(Path.of("/etc/slurm/prolog.sh"));
        assertThat(paths.epilog()).contains(Path.of("/etc/slurm/epilog.sh"));
        assertThat(paths.taskProlog()).contains(Path.of("/etc/slurm/task_prolog.sh"));
        assertThat(paths.taskEpilog()).contains(Path.of("/etc/slurm/task_epilog.sh"));
        assertThat(conf.timers()).isEqualTo(new Timers(Duration.ofSeconds(600), Duration.ofSeconds(60),
                Duration.ofSeconds(120), Duration.ofSeconds(45), Duration.ofSeconds(20), Duration.ofSeconds(300),
                Duration.ZERO, Duration.ZERO));
        assertThat(conf.limits()).isEqualTo(new JobLimits(50000, 10001, 1000, 67043328, 2));
        assertThat(conf.launch()).isEqualTo(new JobLaunchConfig("proctrack/linuxproc",
                List.of("task/affinity", "task/cgroup"), "jobacct_gather/cgroup",
                Set.of(PrologFlag.ALLOC, PrologFlag.CONTAIN, PrologFlag.X11)));
        assertThat(conf.slurmUser()).isEqualTo("slurm");
        assertThat(conf.accounting().port()).isEqualTo(7819);
        assertThat(conf.accounting().enforce()).containsExactlyInAnyOrder(AccountingEnforce.ASSOCIATIONS,
                AccountingEnforce.LIMITS, AccountingEnforce.QOS);
        assertThat(conf.scheduling().memory().defMemPerCpu()).contains(MemorySize.ofGibibytes(4));
        assertThat(conf.slurmctldDebug()).isEqualTo(DebugLevel.DEBUG2);
        assertThat(conf.settings().get("KillWait").value()).isEqualTo("45");
        assertThat(conf.settings().get("KillWait").location().line()).isEqualTo(17);
        assertThat(conf.settings()).doesNotContainKey("SlurmdUser");
    }

    @Test
    void partitionKeys() {
        SlurmConfig conf = parse("""
                NodeName=n[1-8] Features=a100
                NodeName=c[1-2]
                NodeSet=gpus Feature=a100
                NodeSet=cpus Nodes=c[1-2]
                PartitionName=p Nodes=gpus,cpus Default=YES DefaultTime=30 MaxNodes=4 MinNodes=1 \\
                    AllowAccounts=ml AllowQos=normal,high DenyAccounts=guest PriorityTier=5 PriorityJobFactor=7 \\
                    OverSubscribe=FORCE:2 DefMemPerCPU=2000 DefMemPerGPU=80000 MaxMemPerCPU=8000 \\
                    PreemptMode=REQUEUE QOS=part-qos Hidden=YES ExclusiveUser=YES
                PartitionName=q Nodes=ALL Shared=YES Priority=3 PriorityTier=9 State=INACTIVE MaxNodes=UNLIMITED TRESBillingWeights=CPU=1.0,Mem=0.25G,GRES/gpu=2.0,license/matlab=3K
                """);

        PartitionConfig p = conf.partition("p").orElseThrow();
        assertThat(p.nodes().ranged()).isEqualTo("n[1-8],c[1-2]");
        assertThat(p.defaultTime()).contains(TimeLimit.ofMinutes(30));
        assertThat(p.maxTime()).isEqualTo(TimeLimit.UNLIMITED);
        assertThat(p.maxNodes()).hasValue(4);
        assertThat(p.minNodes()).isEqualTo(1);
        assertThat(p.allowAccounts()).containsExactly("ml");
        assertThat(p.allowQos()).containsExactly("normal", "high");
        assertThat(p.denyAccounts()).containsExactly("guest");
        assertThat(p.priorityTier()).isEqualTo(5);
        assertThat(p.priorityJobFactor()).isEqualTo(7);
        assertThat(p.overSubscribe()).isEqualTo(new OverSubscribe(OverSubscribe.Mode.FORCE, 2));
        assertThat(p.memory().defMemPerCpu()).contains(MemorySize.ofMebibytes(2000));
        assertThat(p.memory().defMemPerGpu()).contains(MemorySize.ofMebibytes(80000));
        assertThat(p.memory().maxMemPerCpu()).contains(MemorySize.ofMebibytes(8000));
        assertThat(p.memory().maxMemPerNode()).isEmpty();
        assertThat(p.preemptMode()).containsExactly(PreemptMode.REQUEUE);
        assertThat(p.qos()).contains("part-qos");
        assertThat(p.hidden()).isTrue();
        assertThat(p.exclusiveUser()).isTrue();

        assertThat(p.billingWeights().isEmpty()).isTrue();

        PartitionConfig q = conf.partition("q").orElseThrow();
        assertThat(q.billingWeights().weights()).isEqualTo(Map.of("cpu", 1.0, "mem", 0.25 / 1024, "gres/gpu", 2.0,
                "license/matlab", 3.0 * 1024));
        assertThat(q.billingWeights().text()).isEqualTo("CPU=1.0,Mem=0.25G,GRES/gpu=2.0,license/matlab=3K");
        assertThat(q.nodes().size()).isEqualTo(10);
        assertThat(q.overSubscribe()).isEqualTo(new OverSubscribe(OverSubscribe.Mode.YES, 4));
        assertThat(q.priorityTier()).isEqualTo(3);
        assertThat(q.priorityJobFactor()).isEqualTo(3);
        assertThat(q.state()).isEqualTo(PartitionState.INACTIVE);
        assertThat(q.maxNodes()).isEmpty();
        assertThat(conf.nodeSets()).extracting(NodeSet::name).containsExactly("gpus", "cpus");
    }

    @Test
    void theLastDefaultPartitionWinsWithAWarning() {
        LoadedConfig loaded = load("ClusterName=c\nSlurmctldHost=head\nNodeName=n1\n"
                + "PartitionName=a Nodes=n1 Default=YES\nPartitionName=b Nodes=n1 Default=YES\n");

        assertThat(loaded.slurm().defaultPartition().map(PartitionConfig::name)).contains("b");
        assertThat(loaded.slurm().partition("a").orElseThrow().isDefault()).isFalse();
        assertThat(loaded.warnings()).extracting(ConfProblem::toString).containsExactly(
                "/etc/slurm/slurm.conf:5: partition 'b' is marked Default=YES too; it replaces 'a' "
                        + "(/etc/slurm/slurm.conf:4) as the default partition");
    }

    @Test
    void downNodes() {
        SlurmConfig conf = parse("NodeName=n[1-4]\nDownNodes=n[2-3] State=FAIL Reason=\"power supply\"\n");

        assertThat(conf.downNodes()).hasSize(1);
        assertThat(conf.downNodes().get(0).nodes().ranged()).isEqualTo("n[2-3]");
        assertThat(conf.downNodes().get(0).state()).isEqualTo(NodeStateSetting.FAIL);
        assertThat(conf.downNodes().get(0).reason()).contains("power supply");
    }
}
