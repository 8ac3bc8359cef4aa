package io.jslurm.slurmctld.step;

import io.jslurm.common.hostlist.Hostlist;
import io.jslurm.protocol.auth.StepCredentials;
import io.jslurm.protocol.proto.Ack;
import io.jslurm.protocol.proto.AllocateResourcesRequest;
import io.jslurm.protocol.proto.AllocateResourcesResponse;
import io.jslurm.protocol.proto.CompleteAllocationRequest;
import io.jslurm.protocol.proto.JobComplete;
import io.jslurm.protocol.proto.JobDescription;
import io.jslurm.protocol.proto.JobStepCreateRequest;
import io.jslurm.protocol.proto.JobStepCreateResponse;
import io.jslurm.protocol.proto.StepCompleteRequest;
import io.jslurm.protocol.proto.StepInfoRequest;
import io.jslurm.protocol.proto.StepInfoResponse;
import io.jslurm.protocol.proto.StepLayout;
import io.jslurm.protocol.proto.StepNode;
import io.jslurm.protocol.proto.StepRecord;
import io.jslurm.protocol.proto.StepStatRequest;
import io.jslurm.protocol.proto.StepStatResponse;
import io.jslurm.protocol.rpc.RpcCall;
import io.jslurm.protocol.RpcException;
import io.jslurm.sched.model.Allocation;
import io.jslurm.sched.model.NodeAllocation;
import io.jslurm.slurmctld.accounting.StepAccounting;
import io.jslurm.slurmctld.job.Job;
import io.jslurm.slurmctld.job.JobState;
import io.jslurm.slurmctld.node.NodeTable;
import io.jslurm.slurmctld.node.NodeView;
import io.jslurm.slurmctld.rpc.Callers;
import io.jslurm.slurmctld.rpc.SlurmError;
import io.jslurm.slurmctld.rpc.SubmitValidator;
import io.jslurm.slurmctld.rpc.WillRunReply;
import io.jslurm.slurmctld.schedule.Allocations;
import io.jslurm.slurmctld.schedule.JobControl;
import io.jslurm.slurmctld.schedule.SchedulingLoop;
import io.jslurm.slurmctld.state.JobStore;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.IntSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Interactive allocations and job steps: salloc's and srun's requests. A step is laid out within what its job
 * holds, recorded, and answered with a layout the controller signs, which srun hands to each node's slurmd.
 */
public final class StepHandlers {

    private static final Logger log = LoggerFactory.getLogger(StepHandlers.class);
    /** How long srun has to bring a step's credential to its nodes. */
    private static final Duration CREDENTIAL_LIFETIME = Duration.ofMinutes(5);
    private static final String OUT_OF_MEMORY = "OUT_OF_MEMORY";
    /**
     * Slurm records an OOM-killed step's status as its SIG_OOM code 253, which sacct prints as signal 125
     * ({@code 0:125}).
     */
    static final int OOM_SIGNAL = 253 & 0x7f;
    /** The validator wants a script; an interactive job's record keeps none, which is what marks it. */
    private static final com.google.protobuf.ByteString PLACEHOLDER_SCRIPT =
            com.google.protobuf.ByteString.copyFromUtf8("#!/bin/sh\n");

    private final JobControl control;
    private final JobStore store;
    private final SchedulingLoop loop;
    private final SubmitValidator validator;
    private final Allocations allocations;
    private final NodeTable nodes;
    private final Callers callers;
    private final StepCredentials credentials;
    private final IntSupplier clusterSlurmdPort;
    private final InstantSource clock;
    private final StepTable steps = new StepTable();
    private final StepAccounting accounting;
    private final StepStats stats;

    public StepHandlers(JobControl control, SchedulingLoop loop, SubmitValidator validator, Allocations allocations,
                        NodeTable nodes, Callers callers, StepCredentials credentials, IntSupplier clusterSlurmdPort,
                        InstantSource clock) {
        this(control, loop, validator, allocations, nodes, callers, credentials, clusterSlurmdPort, clock,
                StepAccounting.NONE, (node, request) -> {
                    throw new java.io.IOException("no connection to slurmd");
                });
    }

    /**
     * @param accounting where each step's start and end are recorded
     * @param nodeQuery  asks a node's slurmd what a step uses there (sstat)
     */
    public StepHandlers(JobControl control, SchedulingLoop loop, SubmitValidator validator, Allocations allocations,
                        NodeTable nodes, Callers callers, StepCredentials credentials, IntSupplier clusterSlurmdPort,
                        InstantSource clock, StepAccounting accounting, StepStats.NodeQuery nodeQuery) {
        this.accounting = Objects.requireNonNull(accounting, "accounting");
        this.control = Objects.requireNonNull(control, "control");
        this.store = control.store();
        this.loop = Objects.requireNonNull(loop, "loop");
        this.validator = Objects.requireNonNull(validator, "validator");
        this.allocations = Objects.requireNonNull(allocations, "allocations");
        this.nodes = Objects.requireNonNull(nodes, "nodes");
        this.callers = Objects.requireNonNull(callers, "callers");
        this.credentials = Objects.requireNonNull(credentials, "credentials");
        this.clusterSlurmdPort = Objects.requireNonNull(clusterSlurmdPort, "clusterSlurmdPort");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.stats = new StepStats(store, steps, nodes, callers, nodeQuery);
        control.stepExitsFrom(steps::worstExit);
    }

    public StepTable steps() {
        return steps;
    }

    /** salloc, srun without an allocation: queued like a batch job, started without a script. */
    public AllocateResourcesResponse allocate(RpcCall<AllocateResourcesRequest> call) throws RpcException {
        JobDescription request = call.request().getJob().toBuilder().setScript(PLACEHOLDER_SCRIPT).clearArray()
                .build();
        SubmitValidator.Accepted accepted = validator.validate(request, call.caller());
        if (request.getTestOnly()) {
            // srun/salloc --test-only: planned as sbatch's will-run test is, nothing queued.
            WillRunReply.Answer answer = WillRunReply.of(loop, accepted.spec());
            return AllocateResourcesResponse.newBuilder().setJobId((int) answer.jobId())
                    .setWillRun(answer.willRun()).build();
        }
        Job job = store.submit(accepted.spec().toBuilder().script("").build());
        log.info("_slurm_rpc_allocate_resources: JobId={} uid={}", job.jobId(), call.caller().uid());
        loop.requestPass();
        return AllocateResourcesResponse.newBuilder().setJobId((int) job.jobId()).build();
    }

    /** The interactive command ended: the job ends with its status and gives its nodes back. */
    public Ack completeAllocation(RpcCall<CompleteAllocationRequest> call) throws RpcException {
        CompleteAllocationRequest r = call.request();
        Job job = ownJob(r.getJobId(), call);
        if (!job.state().holdsResources()) {
            if (job.state() == JobState.PENDING) {
                control.cancel(job.jobId(), 0, false, false, call.caller().uid());
                return Ack.getDefaultInstance();
            }
            throw SlurmError.ALREADY_DONE.exception();
        }
        steps.endJob(job.jobId(), clock.instant().getEpochSecond()).forEach(step -> accounting.stepEnded(job, step,
                steps.usage(job.jobId(), step.getStepId())));
        // srun alone whose step the OOM killer ended: the job reads as its step does, OUT_OF_MEMORY 0:125.
        control.complete(JobComplete.newBuilder().setJobId(r.getJobId())
                .setExitCode(r.getOutOfMemory() ? 0 : r.getExitCode())
                .setTermSignal(r.getOutOfMemory() ? OOM_SIGNAL : r.getTermSignal())
                .setOutOfMemory(r.getOutOfMemory()).setNodeName("")
                .setEndTime(clock.instant().getEpochSecond()).build());
        return Ack.getDefaultInstance();
    }

    public JobStepCreateResponse create(RpcCall<JobStepCreateRequest> call) throws RpcException {
        JobStepCreateRequest r = call.request();
        Job job = ownJob(r.getJobId(), call);
        if (job.state() == JobState.PENDING) {
            throw SlurmError.JOB_PENDING.exception();
        }
        Optional<Allocation> held;
        // JobControl records a start's allocation under its lock, just after the job turns RUNNING.
        synchronized (control) {
            held = allocations.of(job.jobId());
        }
        Allocation allocation = held.filter(a -> job.state().holdsResources())
                .orElseThrow(SlurmError.ALREADY_DONE::exception);
        List<NodeAllocation> stepNodes = stepNodes(allocation, r);
        int ntasks = r.hasNtasks() ? r.getNtasks()
                : stepNodes.size() * (r.hasNtasksPerNode() ? r.getNtasksPerNode() : 1);
        int cpusPerTask = r.hasCpusPerTask() ? Math.max(1, r.getCpusPerTask()) : 1;
        List<Integer> cpus = stepNodes.stream().map(n -> n.cores().size() * threadsPerCore(n.node())).toList();
        if (!r.hasNtasksPerNode() && (long) ntasks * cpusPerTask > cpus.stream().mapToLong(Integer::longValue).sum()) {
            throw SlurmError.TOO_MANY_REQUESTED_CPUS.exception(ntasks + " tasks of " + cpusPerTask + " CPUs, the job holds "
                    + cpus.stream().mapToInt(Integer::intValue).sum() + " on the step's nodes");
        }
        TaskLayout layout;
        try {
            layout = TaskLayout.of(cpus, ntasks, r.hasNtasksPerNode() ? r.getNtasksPerNode() : 0, cpusPerTask,
                    TaskLayout.Distribution.parse(r.getDistribution()));
        } catch (IllegalArgumentException e) {
            throw SlurmError.NODE_CONFIG_UNAVAILABLE.exception(e.getMessage());
        }
        int gpusPerTask = r.hasGpusPerTask() ? r.getGpusPerTask() : 0;
        List<String> names = stepNodes.stream().map(NodeAllocation::node).toList();
        List<StepAllocator.JobNode> jobNodes = new ArrayList<>();
        for (int n = 0; n < stepNodes.size(); n++) {
            jobNodes.add(new StepAllocator.JobNode(names.get(n), cpus.get(n), stepNodes.get(n).gpus(),
                    stepNodes.get(n).memoryMib()));
        }
        List<List<Integer>> stepGpus;
        List<StepHold> holds;
        StepRecord record;
        // One step at a time takes what it holds, so steps started together never get the same CPUs or GPUs.
        synchronized (steps) {
            try {
                // -c implies --exact unless --whole says otherwise, as in Slurm 22.05.
                holds = StepAllocator.allocate(new StepAllocator.Ask(layout.counts(), cpusPerTask,
                        !r.getWhole() && (r.getExact() || r.hasCpusPerTask()), r.getOverlap(),
                        StepGpus.of(gpusPerTask, r.getGres(), r.getGpus()), StepMemory.of(r)), jobNodes,
                        steps.busy(job.jobId()));
            } catch (IllegalArgumentException e) {
                throw SlurmError.NODE_CONFIG_UNAVAILABLE.exception(e.getMessage());
            } catch (StepAllocator.NoMemory e) {
                throw SlurmError.INVALID_TASK_MEMORY.exception(e.getMessage());
            } catch (StepAllocator.Busy e) {
                log.debug("StepId={}.* waits: {}", job.jobId(), e.getMessage());
                throw SlurmError.NODES_BUSY.exception(e.getMessage());
            }
            stepGpus = holds.stream().map(StepHold::gpus).toList();
            record = steps.add(job.jobId(), StepRecord.newBuilder().setName(r.getName())
                    .setNodeList(Hostlist.of(names).ranged()).setNtasks(ntasks)
                    .setStartTime(clock.instant().getEpochSecond()).setUid(job.spec().uid())
                    .setPartition(job.spec().partition()).setCpus(ntasks * cpusPerTask));
            if (!r.getOverlap()) {
                Map<String, StepHold> byNode = new HashMap<>();
                for (int n = 0; n < names.size(); n++) {
                    byNode.put(names.get(n), holds.get(n));
                }
                steps.hold(job.jobId(), record.getStepId(), byNode);
            }
        }
        accounting.stepStarted(job, record);
        StepLayout.Builder signed = StepLayout.newBuilder().setJobId((int) job.jobId())
                .setStepId(record.getStepId()).setUid(job.spec().uid()).setGid(job.spec().gid())
                .setUserName(job.spec().user()).setNodeList(record.getNodeList()).setNtasks(ntasks)
                .setCpusPerTask(cpusPerTask).setGpusPerTask(gpusPerTask).setStepName(r.getName())
                .setPartition(job.spec().partition()).setJobNodeList(job.status().allocation().nodeList())
                .setExpiresAtMs(clock.instant().plus(CREDENTIAL_LIFETIME).toEpochMilli());
        for (int n = 0; n < stepNodes.size(); n++) {
            NodeAllocation part = stepNodes.get(n);
            List<Integer> taskIds = layout.taskIds().get(n);
            NodeView view = nodes.get(part.node()).orElseThrow(SlurmError.INVALID_NODE_NAME::exception);
            signed.addNodes(StepNode.newBuilder().setNodeName(part.node()).setAddress(view.config().address())
                    .setPort(view.slurmdPort(clusterSlurmdPort.getAsInt())).addAllTaskIds(taskIds)
                    .addAllGpuIndices(stepGpus.get(n))
                    .setCpus(cpus.get(n)).setMemMb(holds.get(n).memoryMib() > 0 ? holds.get(n).memoryMib()
                            : part.memoryMib())
                    .setJobCores(part.cores().toString()).setJobMemMb(part.memoryMib())
                    .addAllJobGpuIndices(part.gpus()));
        }
        log.info("_slurm_rpc_job_step_create: StepId={}.{} {} tasks on {}", job.jobId(), record.getStepId(),
                ntasks, record.getNodeList());
        return JobStepCreateResponse.newBuilder().setCredential(credentials.sign(signed.build())).build();
    }

    public Ack stepComplete(RpcCall<StepCompleteRequest> call) throws RpcException {
        StepCompleteRequest r = call.request();
        Job job = ownJob(r.getJobId(), call);
        // A step whose job was cancelled or timed out under it was killed for that: CANCELLED, as in Slurm.
        boolean jobKilled = job.state() == JobState.CANCELLED || job.state() == JobState.TIMEOUT;
        String state = r.getOutOfMemory() ? OUT_OF_MEMORY
                : r.getTermSignal() != 0 ? (r.getTermSignal() == 9 || jobKilled ? "CANCELLED" : "FAILED")
                : r.getExitCode() == 0 ? "COMPLETED" : "FAILED";
        int exitCode = r.getOutOfMemory() ? 0 : r.getExitCode();
        int termSignal = r.getOutOfMemory() ? OOM_SIGNAL : r.getTermSignal();
        if (!steps.finish(Integer.toUnsignedLong(r.getJobId()), r.getStepId(), exitCode, termSignal,
                state, clock.instant().getEpochSecond())) {
            throw SlurmError.INVALID_JOB_ID.exception("no step " + r.getJobId() + "." + r.getStepId());
        }
        steps.get(job.jobId(), r.getStepId()).ifPresent(ended -> accounting.stepEnded(job, ended,
                steps.usage(job.jobId(), r.getStepId())));
        log.info("_slurm_rpc_step_complete: StepId={}.{} {} ExitCode={}:{}", r.getJobId(), r.getStepId(), state,
                exitCode, termSignal);
        return Ack.getDefaultInstance();
    }

    /**
     * A node's slurmd reported a step's end there with what its cgroup used. srun usually reports the step's
     * end first; the step's record is then written again with the usage.
     */
    public void usageReported(JobComplete report) {
        long jobId = Integer.toUnsignedLong(report.getJobId());
        Optional<StepRecord> step = steps.addUsage(jobId, report.getStepId(), report.getNodeName(), report.getUsage());
        if (step.isEmpty()) {
            log.info("StepId={}.{} usage from {} for a step not known here; ignored", jobId,
                    Integer.toUnsignedString(report.getStepId()), report.getNodeName());
            return;
        }
        if (!step.get().getState().equals("RUNNING")) {
            StepRecord ended = step.get();
            if (report.getOutOfMemory() && !ended.getState().equals(OUT_OF_MEMORY)) {
                // The node's cgroup saw an OOM kill that srun did not (a task's child was the victim).
                steps.finish(jobId, report.getStepId(), 0, OOM_SIGNAL, OUT_OF_MEMORY, ended.getEndTime());
                ended = steps.get(jobId, report.getStepId()).orElse(ended);
            }
            StepRecord record = ended;
            store.get(jobId).ifPresent(job -> accounting.stepEnded(job, record,
                    steps.usage(jobId, report.getStepId())));
        } else if (steps.usage(jobId, report.getStepId()).byNode().keySet()
                .containsAll(Hostlist.parse(step.get().getNodeList()).hosts())) {
            // Every node's tasks ended: the job's waiting steps need not wait for srun's report too.
            steps.release(jobId, report.getStepId());
        }
    }

    /** sstat: what a running step uses now, from its nodes. */
    public StepStatResponse stat(RpcCall<StepStatRequest> call) throws RpcException {
        return stats.stat(call);
    }

    public StepInfoResponse info(RpcCall<StepInfoRequest> call) {
        List<Long> ids = call.request().getJobIdsList().stream().map(Integer::toUnsignedLong).toList();
        return StepInfoResponse.newBuilder().addAllSteps(steps.of(ids)).build();
    }

    /** {@code -N} takes the job's first nodes; {@code -w} names them; by default every node, or one per task. */
    private static List<NodeAllocation> stepNodes(Allocation allocation, JobStepCreateRequest r)
            throws RpcException {
        List<NodeAllocation> all = allocation.nodes();
        List<NodeAllocation> candidates = all;
        if (!r.getNodeList().isBlank()) {
            Set<String> named = new HashSet<>(Hostlist.parse(r.getNodeList()).hosts());
            candidates = all.stream().filter(n -> named.contains(n.node())).toList();
            if (candidates.size() != named.size()) {
                throw SlurmError.NODES_NOT_IN_PARTITION.exception("not all of " + r.getNodeList()
                        + " belong to the job");
            }
        }
        int count;
        if (r.hasMinNodes()) {
            count = r.getMinNodes();
        } else if (r.hasNtasks() && !r.hasNtasksPerNode()) {
            count = Math.min(candidates.size(), r.getNtasks());
        } else {
            count = candidates.size();
        }
        if (count < 1 || count > candidates.size()) {
            throw SlurmError.NODE_CONFIG_UNAVAILABLE.exception("the job has " + candidates.size()
                    + " nodes, the step asks for " + count);
        }
        return new ArrayList<>(candidates.subList(0, count));
    }

    private int threadsPerCore(String node) {
        return nodes.get(node).map(n -> Math.max(1, n.config().threadsPerCore())).orElse(1);
    }

    private Job ownJob(int jobId, RpcCall<?> call) throws RpcException {
        Job job = store.get(Integer.toUnsignedLong(jobId)).orElseThrow(SlurmError.INVALID_JOB_ID::exception);
        if (!callers.mayControl(call.caller(), job.spec().uid())) {
            throw SlurmError.ACCESS_DENIED.exception();
        }
        return job;
    }
}
