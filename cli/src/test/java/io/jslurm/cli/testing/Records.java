package io.jslurm.cli.testing;

import io.jslurm.protocol.proto.JobDescription;
import io.jslurm.protocol.proto.JobRecord;
import io.jslurm.protocol.proto.JobState;
import io.jslurm.protocol.proto.NodeRecord;
import io.jslurm.protocol.proto.NodeState;
import io.jslurm.protocol.proto.NodeStateFlag;
import io.jslurm.protocol.proto.PartitionRecord;
import io.jslurm.protocol.proto.PartitionState;
import java.time.Instant;
import java.util.List;

/** A small cluster's jobs, nodes and partitions as the controller would report them at {@link #NOW}. */
public final class Records {

    public static final Instant NOW = Instant.parse("2026-03-02T10:15:30Z");

    private Records() {
    }

    public static long at(String utcTime) {
        return Instant.parse("2026-03-02T" + utcTime + "Z").getEpochSecond();
    }

    /** Running on two nodes for 15:30 of its one-day limit. */
    public static JobRecord training() {
        return JobRecord.newBuilder().setJobId(101).setState(JobState.JOB_RUNNING).setStateReason("None")
                .setUid(1000).setGid(100).setUserName("alice").setGroupName("users").setPriority(1000)
                .setSubmitTime(at("09:59:00")).setEligibleTime(at("09:59:00")).setAccrueTime(at("09:59:00"))
                .setStartTime(at("10:00:00")).setEndTime(at("10:00:00") + 86_400).setLastSchedEval(at("10:00:00"))
                .setNodeList("gpu[01-02]").setBatchHost("gpu01").setNumNodes(2).setNumCpus(64).setNumTasks(2)
                .setTresRequested("cpu=64,mem=500G,node=2,billing=64,gres/gpu=16")
                .setTresAllocated("cpu=64,mem=500G,node=2,billing=64,gres/gpu=16")
                .setGresDetail("gpu:a100:8(IDX:0-7)").setCommand("/home/alice/train.sh").setClusterName("lab")
                .setRequest(JobDescription.newBuilder().setName("train-llama").setPartition("gpu").setAccount("ml")
                        .setQos("normal").setTimeLimitMinutes(1440).setMinNodes(2).setNtasksPerNode(1)
                        .setCpusPerTask(32).setMemPerNodeMb(256_000).setGres("gpu:a100:8").setWorkDir("/home/alice")
                        .setStdOut("/home/alice/slurm-%j.out").setSubmitHost("login1").setAllocSid(31337))
                .build();
    }

    /** Waiting for resources. */
    public static JobRecord evaluation() {
        return JobRecord.newBuilder().setJobId(102).setState(JobState.JOB_PENDING).setStateReason("Resources")
                .setUid(1001).setGid(100).setUserName("bob").setGroupName("users").setPriority(900)
                .setSubmitTime(at("10:05:00")).setEligibleTime(at("10:05:00"))
                .setTresRequested("cpu=8,mem=32G,node=1,billing=8,gres/gpu=1").setCommand("/home/bob/eval.sh")
                .setRequest(JobDescription.newBuilder().setName("eval").setPartition("gpu").setAccount("ml")
                        .setQos("normal").setTimeLimitMinutes(60).setCpusPerTask(8).setMemPerCpuMb(4096)
                        .setGpusPerNode("1").setWorkDir("/home/bob").setStdOut("/home/bob/slurm-%j.out"))
                .build();
    }

    private static JobDescription.Builder sweepRequest() {
        return JobDescription.newBuilder().setName("sweep").setPartition("gpu").setAccount("ml").setQos("normal")
                .setTimeLimitMinutes(30).setArray("0-15%4").setWorkDir("/home/alice")
                .setStdOut("/home/alice/slurm-%A_%a.out");
    }

    /** The first task of array 200, running. */
    public static JobRecord sweepTask0() {
        return JobRecord.newBuilder().setJobId(200).setArrayJobId(200).setArrayTaskId(0)
                .setState(JobState.JOB_RUNNING).setUid(1000).setGid(100).setUserName("alice").setGroupName("users")
                .setPriority(800).setSubmitTime(at("10:09:00")).setStartTime(at("10:10:00")).setNodeList("gpu03")
                .setBatchHost("gpu03").setNumNodes(1).setNumCpus(1).setRequest(sweepRequest()).build();
    }

    /** The rest of array 200, waiting behind its limit of four running tasks. */
    public static JobRecord sweepRest() {
        return JobRecord.newBuilder().setJobId(201).setArrayJobId(200).setArrayTasksPending("1-15")
                .setState(JobState.JOB_PENDING).setStateReason("JobArrayTaskLimit").setUid(1000).setGid(100)
                .setUserName("alice").setGroupName("users").setPriority(800).setSubmitTime(at("10:09:00"))
                .setRequest(sweepRequest()).build();
    }

    /** Running for an hour without a limit, with a name longer than squeue's column. */
    public static JobRecord preprocessing() {
        return JobRecord.newBuilder().setJobId(103).setState(JobState.JOB_RUNNING).setUid(1002).setGid(100)
                .setUserName("carol").setGroupName("users").setPriority(500).setSubmitTime(at("09:15:00"))
                .setStartTime(at("09:15:30")).setNodeList("cpu001").setNumNodes(1).setNumCpus(4)
                .setRequest(JobDescription.newBuilder().setName("preprocess_dataset_v2").setPartition("cpu")
                        .setAccount("data").setQos("normal").setTimeLimitMinutes(0xFFFF_FFFF).setWorkDir("/data"))
                .build();
    }

    /** Ended an hour ago: not in squeue's default view. */
    public static JobRecord finished() {
        return JobRecord.newBuilder().setJobId(99).setState(JobState.JOB_COMPLETED).setUid(1000).setGid(100)
                .setUserName("alice").setPriority(0).setSubmitTime(at("08:00:00")).setStartTime(at("08:00:10"))
                .setEndTime(at("09:00:10")).setNodeList("gpu01").setNumNodes(1)
                .setRequest(JobDescription.newBuilder().setName("old").setPartition("gpu").setTimeLimitMinutes(120))
                .build();
    }

    public static List<JobRecord> queue() {
        return List.of(training(), evaluation(), sweepTask0(), sweepRest(), preprocessing(), finished());
    }

    public static PartitionRecord gpuPartition() {
        return PartitionRecord.newBuilder().setName("gpu").setState(PartitionState.PARTITION_UP).setIsDefault(true)
                .setMaxTimeMinutes(0xFFFF_FFFF).setMaxNodes(0xFFFF_FFFF).setNodes("gpu[01-04]").setTotalNodes(4)
                .setTotalCpus(256).setPriorityJobFactor(1).setPriorityTier(1).setOversubscribe("NO")
                .setMaxCpusPerNode(0xFFFF_FFFF).setTres("cpu=256,mem=2000G,node=4,billing=256,gres/gpu=32").build();
    }

    public static PartitionRecord cpuPartition() {
        return PartitionRecord.newBuilder().setName("cpu").setState(PartitionState.PARTITION_UP)
                .setMaxTimeMinutes(2880).setDefaultTimeMinutes(60).setMaxNodes(0xFFFF_FFFF)
                .setNodes("cpu[001-003]").setTotalNodes(3).setTotalCpus(96).setPriorityJobFactor(1)
                .setPriorityTier(1).setOversubscribe("NO").setMaxCpusPerNode(0xFFFF_FFFF)
                .setTres("cpu=96,mem=375G,node=3,billing=96").build();
    }

    public static List<PartitionRecord> partitions() {
        return List.of(gpuPartition(), cpuPartition());
    }

    private static NodeRecord.Builder gpuNode(String name) {
        return NodeRecord.newBuilder().setName(name).setAddress(name).setHostname(name).setCpus(64).setBoards(1)
                .setSockets(2).setCoresPerSocket(16).setThreadsPerCore(2).setRealMemoryMb(512_000)
                .setGres("gpu:a100:8").setFeatures("a100,ib").setFeaturesActive("a100,ib").setWeight(1)
                .setArch("x86_64").setOs("Linux 6.1.0").setVersion("0.1.0").addPartitions("gpu")
                .setTresConfigured("cpu=64,mem=500G,billing=64,gres/gpu=8");
    }

    private static NodeRecord.Builder cpuNode(String name) {
        return NodeRecord.newBuilder().setName(name).setAddress(name).setHostname(name).setCpus(32).setBoards(1)
                .setSockets(1).setCoresPerSocket(16).setThreadsPerCore(2).setRealMemoryMb(128_000).setWeight(1)
                .addPartitions("cpu").setTresConfigured("cpu=32,mem=125G,billing=32");
    }

    /** gpu01-02 full, gpu03 shared, gpu04 drained; cpu001 shared, cpu002 idle, cpu003 down and silent. */
    public static List<NodeRecord> nodes() {
        return List.of(
                gpuNode("gpu01").setState(NodeState.NODE_ALLOCATED).setCpusAllocated(64).setCpuLoad(31.5).build(),
                gpuNode("gpu02").setState(NodeState.NODE_ALLOCATED).setCpusAllocated(64).build(),
                gpuNode("gpu03").setState(NodeState.NODE_MIXED).setCpusAllocated(1).build(),
                gpuNode("gpu04").setState(NodeState.NODE_IDLE).addStateFlags(NodeStateFlag.NODE_FLAG_DRAIN)
                        .setReason("bad GPU 3").setReasonUser("root").setReasonTime(at("08:30:00")).build(),
                cpuNode("cpu001").setState(NodeState.NODE_MIXED).setCpusAllocated(4).build(),
                cpuNode("cpu002").setState(NodeState.NODE_IDLE).build(),
                cpuNode("cpu003").setState(NodeState.NODE_DOWN)
                        .addStateFlags(NodeStateFlag.NODE_FLAG_NOT_RESPONDING).setReason("Not responding")
                        .setReasonUser("slurm").setReasonTime(at("07:00:00")).build());
    }
}
