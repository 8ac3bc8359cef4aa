package io.jslurm.slurmctld.rpc;

import io.jslurm.common.hostlist.Hostlist;
import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.proto.Ack;
import io.jslurm.protocol.proto.JobComplete;
import io.jslurm.protocol.proto.NodeHeartbeat;
import io.jslurm.protocol.proto.NodeInfoRequest;
import io.jslurm.protocol.proto.NodeInfoResponse;
import io.jslurm.protocol.proto.NodeRecord;
import io.jslurm.protocol.proto.NodeRegistration;
import io.jslurm.protocol.proto.RunningJob;
import io.jslurm.protocol.proto.TerminateJob;
import io.jslurm.protocol.proto.UpdateNodeRequest;
import io.jslurm.protocol.proto.UpdateNodeResponse;
import io.jslurm.protocol.rpc.RpcCall;
import io.jslurm.sched.model.GresDevice;
import io.jslurm.slurmctld.accounting.NodeBilling;
import io.jslurm.slurmctld.accounting.StepAccounting;
import io.jslurm.slurmctld.config.ClusterConfig;
import io.jslurm.slurmctld.job.Job;
import io.jslurm.slurmctld.node.NodeTable;
import io.jslurm.slurmctld.node.NodeView;
import io.jslurm.slurmctld.schedule.Allocations;
import io.jslurm.slurmctld.schedule.JobControl;
import io.jslurm.slurmctld.schedule.NodeReports;
import io.jslurm.slurmctld.schedule.SchedModel;
import io.jslurm.slurmctld.schedule.SchedulingLoop;
import io.jslurm.slurmctld.schedule.SlurmdChannel;
import java.time.InstantSource;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** What slurmd tells the controller (registration, heartbeat, job completion) and what sinfo/scontrol ask of nodes. */
public final class NodeHandlers {

    private static final Logger log = LoggerFactory.getLogger(NodeHandlers.class);

    private final Supplier<Map<String, Boolean>> reservedNodes;
    private final NodeTable nodes;
    private final JobControl control;
    private final SchedulingLoop loop;
    private final Allocations allocations;
    private final SlurmdChannel slurmd;
    private final Supplier<ClusterConfig> config;
    private final InstantSource clock;
    private final StepAccounting stepAccounting;
    private final NodeReports nodeReports;
    private final Consumer<JobComplete> stepEnds;

    public NodeHandlers(NodeTable nodes, JobControl control, SchedulingLoop loop, Allocations allocations,
                        SlurmdChannel slurmd, Supplier<ClusterConfig> config, InstantSource clock) {
        this(nodes, control, loop, allocations, slurmd, config, clock, StepAccounting.NONE, new NodeReports(),
                report -> { });
    }

    /**
     * @param stepAccounting where a batch script's end and usage, as slurmd reports them, are recorded
     * @param nodeReports what each slurmd last said it runs, shared with {@link JobControl}
     * @param stepEnds where a step's end on a node, with its usage there, goes (the step table)
     */
    public NodeHandlers(NodeTable nodes, JobControl control, SchedulingLoop loop, Allocations allocations,
                        SlurmdChannel slurmd, Supplier<ClusterConfig> config, InstantSource clock,
                        StepAccounting stepAccounting, NodeReports nodeReports, Consumer<JobComplete> stepEnds) {
        this(nodes, control, loop, allocations, slurmd, config, clock, stepAccounting, nodeReports, stepEnds,
                Map::of);
    }

    /**
     * @param reservedNodes the nodes of the advance reservations active now, true for those in a MAINT one
     *                      (scontrol show node says IDLE+RESERVED or +MAINTENANCE, sinfo resv or maint)
     */
    public NodeHandlers(NodeTable nodes, JobControl control, SchedulingLoop loop, Allocations allocations,
                        SlurmdChannel slurmd, Supplier<ClusterConfig> config, InstantSource clock,
                        StepAccounting stepAccounting, NodeReports nodeReports, Consumer<JobComplete> stepEnds,
                        Supplier<Map<String, Boolean>> reservedNodes) {
        this.reservedNodes = reservedNodes;
        this.stepAccounting = stepAccounting;
        this.stepEnds = java.util.Objects.requireNonNull(stepEnds, "stepEnds");
        this.nodes = nodes;
        this.control = control;
        this.loop = loop;
        this.allocations = allocations;
        this.slurmd = slurmd;
        this.config = config;
        this.clock = clock;
        this.nodeReports = nodeReports;
    }

    public Ack register(RpcCall<NodeRegistration> call) throws RpcException {
        NodeRegistration registration = call.request();
        NodeTable.Registered registered;
        try {
            registered = nodes.register(registration);
        } catch (IllegalArgumentException e) {
            log.warn("Registration from unknown node {} ({})", registration.getNodeName(), call.remote());
            throw SlurmError.INVALID_NODE_NAME.exception(registration.getNodeName());
        }
        reconcile(registered.node(), registration);
        loop.requestPass();
        return Ack.getDefaultInstance();
    }

    /**
     * Jobs slurmd runs that the controller does not think run there are ended; jobs the controller placed on the
     * node before slurmd last started, and that slurmd no longer reports, were lost with it.
     */
    private void reconcile(NodeView node, NodeRegistration registration) {
        Set<Long> reported = terminateOrphans(node, registration.getRunningJobsList());
        long slurmdStart = registration.getSlurmdStartTime();
        for (long jobId : allocations.jobsOn(Set.of(node.name()))) {
            Job job = control.store().get(jobId).orElse(null);
            if (job != null && !reported.contains(jobId) && slurmdStart > 0 && job.status().startTime() < slurmdStart
                    && allocations.of(jobId).map(a -> a.nodeNames().get(0).equals(node.name())).orElse(false)) {
                log.warn("Node {} restarted and no longer runs JobId={}", node.name(), job.displayId());
                control.nodesLostForJob(jobId, node.name());
            }
        }
    }

    public Ack heartbeat(RpcCall<NodeHeartbeat> call) throws RpcException {
        if (!nodes.heartbeat(call.request())) {
            throw SlurmError.INVALID_NODE_NAME.exception(call.request().getNodeName()
                    + " has not registered, or is DOWN for not responding: register again");
        }
        nodes.get(call.request().getNodeName()).ifPresent(node ->
                terminateOrphans(node, call.request().getRunningJobsList()));
        return Ack.getDefaultInstance();
    }

    /**
     * Ends what slurmd runs but the controller does not place on that node (cancelled while the node was
     * unreachable, or from before a controller restart with -c).
     *
     * @return the job ids slurmd reported
     */
    private Set<Long> terminateOrphans(NodeView node, List<RunningJob> running) {
        Set<Long> reported = new HashSet<>();
        for (RunningJob job : running) {
            reported.add(Integer.toUnsignedLong(job.getJobId()));
        }
        nodeReports.reported(node.name(), reported);
        for (long jobId : reported) {
            boolean ours = allocations.of(jobId).map(a -> a.nodeNames().contains(node.name())).orElse(false);
            if (!ours) {
                log.warn("Node {} runs JobId={}, which is not running there; ending it", node.name(), jobId);
                slurmd.send(node, TerminateJob.newBuilder().setJobId((int) jobId).setReason("orphan")
                        .setKillWaitSeconds((int) config.get().slurm().timers().killWait().toSeconds()).build(),
                        error -> log.warn("Cannot end orphan JobId={} on {}: {}", jobId, node.name(),
                                error.getMessage()));
            }
        }
        return reported;
    }

    public Ack complete(RpcCall<JobComplete> call) {
        JobComplete report = call.request();
        control.complete(report);
        if (!report.hasStepId()) {
            // Also when the job had already ended (cancelled, timed out): the report still carries the usage.
            control.store().get(Integer.toUnsignedLong(report.getJobId())).ifPresent(job -> stepAccounting
                    .batchReported(job, report.getExitCode(), report.getTermSignal(), report.getEndTime(),
                            report.getUsage()));
        } else {
            stepEnds.accept(report);
        }
        return Ack.getDefaultInstance();
    }

    public NodeInfoResponse info(RpcCall<NodeInfoRequest> call) {
        String wanted = call.request().getNodeList();
        Set<String> names = wanted.isBlank() ? Set.of() : new HashSet<>(Hostlist.parse(wanted).hosts());
        Map<String, Allocations.NodeUsage> usage = allocations.usageByNode();
        ClusterConfig cfg = config.get();
        NodeInfoResponse.Builder response = NodeInfoResponse.newBuilder().setLastUpdate(clock.instant().getEpochSecond());
        Map<String, Boolean> reserved = reservedNodes.get();
        for (NodeView node : nodes.all()) {
            if (names.isEmpty() || names.contains(node.name())) {
                NodeRecord record = record(node, usage.getOrDefault(node.name(), Allocations.NodeUsage.NONE), cfg);
                Boolean maint = reserved.get(node.name());
                response.addNodes(maint == null ? record : record.toBuilder().addStateFlags(maint
                        ? io.jslurm.protocol.proto.NodeStateFlag.NODE_FLAG_MAINTENANCE
                        : io.jslurm.protocol.proto.NodeStateFlag.NODE_FLAG_RESERVED).build());
            }
        }
        return response.build();
    }

    private static NodeRecord record(NodeView node, Allocations.NodeUsage usage, ClusterConfig cfg) {
        var c = node.config();
        int threads = Math.max(1, c.threadsPerCore());
        int allocatedCpus = Math.min(c.cpus(), usage.cores().size() * threads);
        NodeRecord.Builder b = NodeRecord.newBuilder()
                .setName(c.name()).setAddress(c.address()).setHostname(c.hostname())
                .setPort(node.slurmdPort(cfg.slurm().slurmdPort()))
                .setState(NodeStates.base(node, allocatedCpus)).addAllStateFlags(NodeStates.flags(node))
                .setCpus(c.cpus()).setCpusAllocated(allocatedCpus).setBoards(c.boards()).setSockets(c.sockets())
                .setCoresPerSocket(c.coresPerSocket()).setThreadsPerCore(c.threadsPerCore())
                .setRealMemoryMb(c.realMemory().mebibytes()).setAllocatedMemoryMb(usage.memoryMib())
                .setTmpDiskMb(c.tmpDisk().mebibytes())
                .setGres(c.gres().toString()).setGresUsed(gresUsed(node, usage))
                .setFeatures(String.join(",", c.features())).setFeaturesActive(String.join(",", c.features()))
                .setReason(node.reason()).setReasonUid((int) node.reasonUid()).setReasonTime(node.reasonTime())
                .setWeight(c.weight())
                .setTresConfigured(JobRecords.tres(c.cpus(), c.realMemory().mebibytes(), 1, c.gres().count("gpu"),
                        NodeBilling.of(c, cfg.slurm())).replace(",node=1", ""))
                .setTresAllocated(allocatedTres(allocatedCpus, usage))
                .setOwnerUid(4294967294L);
        for (var p : cfg.slurm().partitions()) {
            if (p.nodes().contains(c.name())) {
                b.addPartitions(p.name());
            }
        }
        node.registration().ifPresent(r -> b.setBootTime(r.getBootTime()).setSlurmdStartTime(r.getSlurmdStartTime())
                .setVersion(r.getVersion()).setOs(r.getOs()).setArch(r.getHardware().getCpuArch())
                .setCpuLoad(node.cpuLoad()).setFreeMemoryMb(node.freeMemoryMb()));
        return b.build();
    }

    /**
     * Slurm's AllocTRES of a node: the CPUs, memory and GPUs in use, without node or billing (Slurm builds it from
     * the allocation alone), and empty on an idle node.
     */
    static String allocatedTres(int cpus, Allocations.NodeUsage usage) {
        List<String> parts = new java.util.ArrayList<>();
        if (cpus > 0) {
            parts.add("cpu=" + cpus);
        }
        long mem = usage.memoryMib();
        if (mem > 0) {
            parts.add("mem=" + (mem % 1024 == 0 ? mem / 1024 + "G" : mem + "M"));
        }
        if (!usage.gpus().isEmpty()) {
            parts.add("gres/gpu=" + usage.gpus().size());
        }
        return String.join(",", parts);
    }

    /** Slurm's GresUsed: {@code gpu:a100:2(IDX:0-1)}, or {@code gpu:a100:0(IDX:N/A)} when none is in use. */
    private static String gresUsed(NodeView node, Allocations.NodeUsage usage) {
        List<GresDevice> gpus = SchedModel.gpus(node);
        if (gpus.isEmpty()) {
            return "";
        }
        String type = gpus.get(0).type();
        String prefix = type.isEmpty() ? "gpu:" : "gpu:" + type + ":";
        if (usage.gpus().isEmpty()) {
            return prefix + "0(IDX:N/A)";
        }
        return prefix + usage.gpus().size() + "(IDX:" + io.jslurm.common.cpu.IdSet.of(
                usage.gpus().stream().mapToInt(Integer::intValue).toArray()) + ")";
    }

    public UpdateNodeResponse update(RpcCall<UpdateNodeRequest> call) throws RpcException {
        UpdateNodeRequest r = call.request();
        refuseUnsupportedFields(r);
        List<String> names;
        try {
            names = Hostlist.parse(r.getNodeList()).hosts();
        } catch (RuntimeException e) {
            throw SlurmError.INVALID_NODE_NAME.exception(r.getNodeList());
        }
        Optional<List<String>> features = NodeFeatureUpdate.features(r, names, nodes);
        boolean configChange = features.isPresent() || r.hasWeight();
        try {
            if (r.getState() != UpdateNodeRequest.StateChange.STATE_CHANGE_UNSPECIFIED || !configChange) {
                List<String> down = nodes.update(names, r.getState().name(), r.getReason(), call.caller().uid());
                control.nodesLost(down);
            }
            if (configChange) {
                nodes.updateConfig(names, features,
                        r.hasWeight() ? OptionalInt.of(r.getWeight()) : OptionalInt.empty());
            }
        } catch (IllegalArgumentException e) {
            String message = e.getMessage();
            throw message.startsWith("Invalid node name") ? SlurmError.INVALID_NODE_NAME.exception(r.getNodeList())
                    : message.startsWith("Invalid node state") ? SlurmError.INVALID_NODE_STATE.exception(r.getState().name())
                    : new RpcException(SlurmError.INVALID_NODE_STATE.code(), message);
        }
        loop.requestPass();
        return UpdateNodeResponse.getDefaultInstance();
    }

    /**
     * Fields scontrol sends that the controller cannot change while running yet (they come from slurm.conf, and a
     * reconfigure changes them): refused by name, before anything else of the request is applied, rather than
     * ignored or reported as a bad state.
     */
    private static void refuseUnsupportedFields(UpdateNodeRequest r) throws RpcException {
        List<String> refused = new java.util.ArrayList<>();
        if (r.hasGres()) {
            refused.add("Gres");
        }
        if (r.hasComment()) {
            refused.add("Comment");
        }
        if (r.hasExtra()) {
            refused.add("Extra");
        }
        if (r.hasCpuBind()) {
            refused.add("CpuBind");
        }
        if (r.hasNodeAddress()) {
            refused.add("NodeAddr");
        }
        if (r.hasNodeHostname()) {
            refused.add("NodeHostname");
        }
        if (!refused.isEmpty()) {
            throw new RpcException(io.jslurm.protocol.ErrorCode.ESLURM_NOT_SUPPORTED,
                    "Update of this parameter is not supported: " + String.join(",", refused));
        }
    }
}
