package io.jslurm.slurmctld.rpc;

import io.jslurm.common.hostlist.Hostlist;
import io.jslurm.common.jobid.ArraySpec;
import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.auth.Identity;
import io.jslurm.protocol.proto.ArrayInfo;
import io.jslurm.protocol.proto.CancelJobRequest;
import io.jslurm.protocol.proto.CancelJobResponse;
import io.jslurm.protocol.proto.CancelResult;
import io.jslurm.protocol.proto.JobControlRequest;
import io.jslurm.protocol.proto.JobDescription;
import io.jslurm.protocol.proto.JobControlResponse;
import io.jslurm.protocol.proto.JobInfoRequest;
import io.jslurm.protocol.proto.JobInfoResponse;
import io.jslurm.protocol.proto.JobTarget;
import io.jslurm.protocol.proto.SubmitBatchJobRequest;
import io.jslurm.protocol.proto.SubmitBatchJobResponse;
import io.jslurm.protocol.proto.UpdateJobRequest;
import io.jslurm.protocol.proto.UpdateJobResponse;
import io.jslurm.protocol.rpc.RpcCall;
import io.jslurm.slurmctld.job.Hold;
import io.jslurm.slurmctld.job.IllegalTransitionException;
import io.jslurm.slurmctld.job.Job;
import io.jslurm.slurmctld.job.JobSpec;
import io.jslurm.slurmctld.job.JobState;
import io.jslurm.slurmctld.schedule.JobControl;
import io.jslurm.slurmctld.schedule.SchedulingLoop;
import io.jslurm.slurmctld.state.JobStore;
import io.jslurm.slurmctld.state.UnknownJobException;
import java.time.InstantSource;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Submit, query, cancel, hold/release/requeue and update: the job RPCs of commands. */
public final class JobHandlers {

    private static final Logger log = LoggerFactory.getLogger(JobHandlers.class);

    private final JobControl control;
    private final JobStore store;
    private final SchedulingLoop loop;
    private final SubmitValidator validator;
    private final JobRecords records;
    private final Callers callers;
    private final InstantSource clock;
    private final Executor workers;

    /** {@code workers} run the submissions that may wait before they reach the journal. */
    public JobHandlers(JobControl control, SchedulingLoop loop, SubmitValidator validator,
                       io.jslurm.slurmctld.schedule.Allocations allocations, Callers callers, InstantSource clock,
                       Executor workers) {
        this.control = control;
        this.store = control.store();
        this.loop = loop;
        this.validator = validator;
        this.records = new JobRecords(control, loop, allocations, () -> validator.config().slurm().clusterName(),
                new io.jslurm.slurmctld.accounting.JobBilling(() -> validator.config().slurm()));
        this.callers = callers;
        this.clock = clock;
        this.workers = workers;
    }

    /**
     * The submission as the controller serves it, started on the event loop: the answer is built once the job's
     * journal record is on disk, by whoever completed that sync, so no thread waits per request. Submissions that may
     * wait before reaching the journal (a group lookup, a second change to pin the priority) run on a worker.
     */
    public CompletionStage<SubmitBatchJobResponse> submitAsync(RpcCall<SubmitBatchJobRequest> call)
            throws RpcException {
        JobDescription description = call.request().getJob();
        // --test-only plans under the scheduling loop's lock, which a long pass holds: never on the event loop.
        if (pinsPriority(description, call) || validator.mayWait(description) || description.getTestOnly()) {
            return CompletableFuture.supplyAsync(() -> {
                try {
                    return submit(call);
                } catch (RpcException e) {
                    throw new CompletionException(e);
                }
            }, workers);
        }
        SubmitValidator.Accepted accepted = validator.validate(description, call.caller());
        if (accepted.array().isPresent()) {
            return store.submitArrayAsync(accepted.spec(), accepted.array().get())
                    .thenApply(tasks -> arraySubmitted(tasks, accepted.array().get(), call));
        }
        return store.submitAsync(accepted.spec()).thenApply(job -> submitted(job, call));
    }

    /**
     * sbatch --test-only: the validated job is planned, never queued; the answer says when and where it would start
     * and the id it would get (not taken), as Slurm's will-run test does.
     */
    private SubmitBatchJobResponse willRun(SubmitValidator.Accepted accepted) throws RpcException {
        WillRunReply.Answer answer = WillRunReply.of(loop, accepted.spec());
        return SubmitBatchJobResponse.newBuilder().setJobId((int) answer.jobId()).setWillRun(answer.willRun()).build();
    }

    private boolean pinsPriority(JobDescription description, RpcCall<?> call) {
        return description.hasPriority() && description.getPriority() > 0 && callers.privileged(call.caller());
    }

    /** Durable before the answer: the store returns once the job's journal record is on disk. */
    public SubmitBatchJobResponse submit(RpcCall<SubmitBatchJobRequest> call) throws RpcException {
        SubmitValidator.Accepted accepted = validator.validate(call.request().getJob(), call.caller());
        if (call.request().getJob().getTestOnly()) {
            return willRun(accepted);
        }
        if (accepted.array().isPresent()) {
            return arraySubmitted(store.submitArray(accepted.spec(), accepted.array().get()), accepted.array().get(),
                    call);
        }
        Job job = store.submit(accepted.spec());
        JobDescription description = call.request().getJob();
        if (pinsPriority(description, call)) {
            // sbatch --priority: only operators may pin a priority; others get the computed one, as in Slurm.
            job = store.prioritize(job.jobId(), Integer.toUnsignedLong(description.getPriority()));
        }
        return submitted(job, call);
    }

    /** The answer to a submission whose job is durable. */
    private SubmitBatchJobResponse submitted(Job job, RpcCall<?> call) {
        log.info("_slurm_rpc_submit_batch_job: JobId={} InitPrio={} uid={}", job.jobId(), loop.priority(job),
                call.caller().uid());
        loop.requestPass();
        return SubmitBatchJobResponse.newBuilder().setJobId((int) job.jobId()).build();
    }

    private SubmitBatchJobResponse arraySubmitted(List<Job> tasks, ArraySpec array, RpcCall<?> call) {
        long arrayJobId = tasks.get(0).arrayJobId();
        log.info("_slurm_rpc_submit_batch_job: JobId={}_[{}] InitPrio={} uid={}", arrayJobId, array,
                loop.priority(tasks.get(0)), call.caller().uid());
        loop.requestPass();
        return SubmitBatchJobResponse.newBuilder().setJobId((int) arrayJobId).setArray(ArrayInfo.newBuilder()
                .setArrayJobId((int) arrayJobId).setTaskCount(tasks.size()).setTaskIds(array.toString())).build();
    }

    public JobInfoResponse info(RpcCall<JobInfoRequest> call) {
        JobInfoRequest r = call.request();
        Predicate<Job> filter = filter(r.getJobIdsList(), r.getUidsList(), r.getUserNamesList(), r.getAccountsList(),
                r.getPartitionsList(), r.getQosList(), r.getNamesList(), r.getStatesList(), r.getNodeList());
        JobInfoResponse.Builder response = JobInfoResponse.newBuilder()
                .setLastUpdate(clock.instant().getEpochSecond());
        for (Job job : store.query(filter)) {
            response.addJobs(records.record(job, r.getIncludeRequest()));
        }
        return response.build();
    }

    private static Predicate<Job> filter(List<Integer> jobIds, List<Integer> uids, List<String> users,
                                         List<String> accounts, List<String> partitions, List<String> qos,
                                         List<String> names, List<io.jslurm.protocol.proto.JobState> states,
                                         String nodeList) {
        Set<Long> ids = new HashSet<>();
        jobIds.forEach(id -> ids.add(Integer.toUnsignedLong(id)));
        Set<String> nodes = nodeList.isBlank() ? Set.of() : new HashSet<>(Hostlist.parse(nodeList).hosts());
        return job -> (ids.isEmpty() || ids.contains(job.jobId()) || ids.contains(job.arrayJobId()))
                && (uids.isEmpty() || uids.contains(job.spec().uid()))
                && (users.isEmpty() || users.contains(job.spec().user()))
                && (accounts.isEmpty() || accounts.contains(job.spec().account()))
                && (partitions.isEmpty() || partitions.stream().anyMatch(p ->
                        List.of(job.spec().partition().split(",")).contains(p)))
                && (qos.isEmpty() || qos.contains(job.spec().qos()))
                && (names.isEmpty() || names.contains(job.spec().name()))
                && (states.isEmpty() || states.contains(JobRecords.state(job.state())))
                && (nodes.isEmpty() || (!job.status().allocation().isEmpty() && Hostlist.parse(
                        job.status().allocation().nodeList()).hosts().stream().anyMatch(nodes::contains)));
    }

    public CancelJobResponse cancel(RpcCall<CancelJobRequest> call) {
        CancelJobRequest r = call.request();
        Predicate<Job> filter = filter(List.of(), List.of(), r.getUserNamesList(), r.getAccountsList(),
                r.getPartitionsList(), r.getQosList(), r.getNamesList(), r.getStatesList(), r.getNodeList());
        CancelJobResponse.Builder response = CancelJobResponse.newBuilder();
        for (Map.Entry<JobTarget, List<Job>> named : targets(r.getTargetsList(), filter).entrySet()) {
            if (named.getValue().isEmpty()) {
                response.addResults(failure(named.getKey(), SlurmError.INVALID_JOB_ID));
                continue;
            }
            for (Job job : named.getValue()) {
                response.addResults(cancelOne(job, r, call.caller()));
            }
        }
        return response.build();
    }

    /** Named targets, or with none named every job the filters select; filters narrow named targets too. */
    private Map<JobTarget, List<Job>> targets(List<JobTarget> named, Predicate<Job> filter) {
        Map<JobTarget, List<Job>> found = new LinkedHashMap<>();
        if (named.isEmpty()) {
            for (Job job : store.query(filter.and(j -> !j.state().isFinished()))) {
                found.put(JobTargets.of(job), List.of(job));
            }
            return found;
        }
        for (JobTarget target : named) {
            List<Job> jobs = JobTargets.resolve(store, target);
            found.put(target, jobs.isEmpty() ? jobs : jobs.stream().filter(filter).toList());
        }
        return found;
    }

    private CancelResult cancelOne(Job job, CancelJobRequest r, Identity caller) {
        JobTarget target = JobTargets.of(job);
        if (!callers.mayControl(caller, Integer.toUnsignedLong(job.spec().uid()))) {
            log.info("Rejected cancel of JobId={} by uid {}: not the owner", job.displayId(), caller.uid());
            return failure(target, SlurmError.ACCESS_DENIED);
        }
        if (job.state().isFinished()) {
            return failure(target, SlurmError.ALREADY_DONE);
        }
        try {
            control.cancel(job.jobId(), r.getSignal(), r.getBatchShellOnly(), r.getFull(), caller.uid());
            return CancelResult.newBuilder().setTarget(target).build();
        } catch (JobControl.PendingSignalException e) {
            return failure(target, SlurmError.JOB_PENDING);
        } catch (IllegalTransitionException e) {
            return failure(target, SlurmError.ALREADY_DONE);
        } catch (UnknownJobException e) {
            return failure(target, SlurmError.INVALID_JOB_ID);
        }
    }

    private static CancelResult failure(JobTarget target, SlurmError error) {
        return CancelResult.newBuilder().setTarget(target).setErrorCode(error.code())
                .setErrorMessage(error.text()).build();
    }

    public JobControlResponse control(RpcCall<JobControlRequest> call) {
        JobControlResponse.Builder response = JobControlResponse.newBuilder();
        Identity caller = call.caller();
        for (Map.Entry<JobTarget, List<Job>> named : targets(call.request().getTargetsList(), j -> true).entrySet()) {
            if (named.getValue().isEmpty()) {
                response.addResults(failure(named.getKey(), SlurmError.INVALID_JOB_ID));
            }
            for (Job job : named.getValue()) {
                response.addResults(actOn(job, call.request().getAction(), caller));
            }
        }
        loop.requestPass();
        return response.build();
    }

    private CancelResult actOn(Job job, JobControlRequest.Action action, Identity caller) {
        JobTarget target = JobTargets.of(job);
        boolean privileged = callers.operator(caller);
        if (!callers.mayControl(caller, Integer.toUnsignedLong(job.spec().uid()))) {
            return failure(target, SlurmError.ACCESS_DENIED);
        }
        if (action == JobControlRequest.Action.SUSPEND || action == JobControlRequest.Action.RESUME) {
            return suspendOrResume(job, action, caller);
        }
        Hold hold = privileged ? Hold.ADMIN : Hold.USER;
        try {
            switch (action) {
                case HOLD -> store.hold(job.jobId(), hold);
                case USER_HOLD -> store.hold(job.jobId(), Hold.USER);
                case RELEASE -> {
                    if (job.status().hold() == Hold.ADMIN && !privileged) {
                        return failure(target, SlurmError.ACCESS_DENIED);
                    }
                    store.release(job.jobId());
                }
                case REQUEUE -> control.requeue(job.jobId());
                case REQUEUE_HOLD -> control.requeue(job.jobId(), hold);
                default -> {
                    return failure(target, SlurmError.TRANSITION_STATE_NO_UPDATE);
                }
            }
            log.info("{} JobId={} by uid {}", action, job.displayId(), caller.uid());
            return CancelResult.newBuilder().setTarget(target).build();
        } catch (IllegalTransitionException e) {
            return failure(target, job.state().isFinished() ? SlurmError.ALREADY_DONE
                    : SlurmError.TRANSITION_STATE_NO_UPDATE);
        } catch (UnknownJobException e) {
            return failure(target, SlurmError.INVALID_JOB_ID);
        }
    }

    /** scontrol suspend/resume: operators only, and only a running (suspend) or suspended (resume) job. */
    private CancelResult suspendOrResume(Job job, JobControlRequest.Action action, Identity caller) {
        JobTarget target = JobTargets.of(job);
        boolean suspend = action == JobControlRequest.Action.SUSPEND;
        if (!callers.privileged(caller)) {
            return failure(target, SlurmError.ACCESS_DENIED);
        }
        if (job.state() == JobState.PENDING) {
            return failure(target, SlurmError.JOB_PENDING);
        }
        if (job.state().isFinished() || job.state() == JobState.COMPLETING) {
            return failure(target, SlurmError.ALREADY_DONE);
        }
        if (suspend && job.state() != JobState.RUNNING) {
            return failure(target, SlurmError.JOB_NOT_RUNNING);
        }
        if (!suspend && job.state() != JobState.SUSPENDED) {
            return failure(target, SlurmError.JOB_NOT_SUSPENDED);
        }
        try {
            if (suspend) {
                control.suspend(job.jobId());
            } else {
                control.resume(job.jobId());
            }
        } catch (IllegalTransitionException e) {
            return failure(target, SlurmError.TRANSITION_STATE_NO_UPDATE);
        } catch (UnknownJobException e) {
            return failure(target, SlurmError.INVALID_JOB_ID);
        }
        log.info("{} JobId={} by uid {}", action, job.displayId(), caller.uid());
        return CancelResult.newBuilder().setTarget(target).build();
    }

    public UpdateJobResponse update(RpcCall<UpdateJobRequest> call) {
        UpdateJobRequest r = call.request();
        UpdateJobResponse.Builder response = UpdateJobResponse.newBuilder();
        for (Map.Entry<JobTarget, List<Job>> named : targets(r.getTargetsList(), j -> true).entrySet()) {
            if (named.getValue().isEmpty()) {
                response.addResults(failure(named.getKey(), SlurmError.INVALID_JOB_ID));
            }
            for (Job job : named.getValue()) {
                response.addResults(updateOne(job, r, call.caller()));
            }
        }
        loop.requestPass();
        return response.build();
    }

    private CancelResult updateOne(Job job, UpdateJobRequest r, Identity caller) {
        JobTarget target = JobTargets.of(job);
        boolean privileged = callers.operator(caller);
        if (!callers.mayControl(caller, Integer.toUnsignedLong(job.spec().uid()))) {
            return failure(target, SlurmError.ACCESS_DENIED);
        }
        if (job.state().isFinished()) {
            return failure(target, SlurmError.ALREADY_DONE);
        }
        boolean pending = job.state() == JobState.PENDING;
        var time = SubmitValidator.minutes(r.hasTimeLimitMinutes(), r.getTimeLimitMinutes());
        if (time.isPresent() && !privileged) {
            // Users may only shorten their jobs.
            var current = control.timeLimit(job, job.spec().partition());
            if (time.get().compareTo(current) > 0) {
                return failure(target, SlurmError.ACCESS_DENIED);
            }
        }
        boolean shape = r.hasPartition() || r.hasMinNodes() || r.hasMaxNodes() || r.hasNtasks() || r.hasCpusPerTask()
                || r.hasMemPerNodeMb() || r.hasMemPerCpuMb() || r.hasConstraint() || r.hasNodelist()
                || r.hasExclude() || r.hasDependency() || r.hasBeginTime() || r.hasTimeMinMinutes();
        if (shape && !pending) {
            return failure(target, SlurmError.TRANSITION_STATE_NO_UPDATE);
        }
        if (r.hasPriority() && !privileged) {
            return failure(target, SlurmError.ACCESS_DENIED);
        }
        if (r.hasPartition()) {
            for (String p : r.getPartition().split(",")) {
                if (!partitionExists(p.strip())) {
                    return failure(target, SlurmError.INVALID_PARTITION_NAME);
                }
            }
        }
        String qos;
        try {
            // A new account or QOS must be one the user may submit to, as at submit.
            qos = r.hasAccount() || r.hasQos() ? validator.recheckAccounts(updated(job.spec(), r, time)).qos()
                    : job.spec().qos();
        } catch (RpcException e) {
            return CancelResult.newBuilder().setTarget(target).setErrorCode(e.errorCode())
                    .setErrorMessage(e.getMessage()).build();
        }
        try {
            store.update(job.jobId(), spec -> updated(spec, r, time).toBuilder().qos(qos).build());
            if (r.hasPriority()) {
                if (r.getPriority() == 0) {
                    store.hold(job.jobId(), Hold.ADMIN);
                } else {
                    store.prioritize(job.jobId(), Integer.toUnsignedLong(r.getPriority()));
                }
            }
            log.info("update_job: JobId={} updated by uid {}", job.displayId(), caller.uid());
            return CancelResult.newBuilder().setTarget(target).build();
        } catch (IllegalTransitionException e) {
            return failure(target, SlurmError.TRANSITION_STATE_NO_UPDATE);
        } catch (IllegalArgumentException e) {
            return CancelResult.newBuilder().setTarget(target).setErrorCode(SlurmError.TRANSITION_STATE_NO_UPDATE
                    .code()).setErrorMessage(e.getMessage()).build();
        }
    }

    private boolean partitionExists(String name) {
        return validator.config().partition(name).isPresent();
    }

    private static JobSpec updated(JobSpec spec, UpdateJobRequest r,
                                   java.util.Optional<io.jslurm.common.time.TimeLimit> time) {
        JobSpec.Builder b = spec.toBuilder();
        var resources = spec.resources();
        if (time.isPresent() || r.hasTimeMinMinutes()) {
            resources = resources.withTimeLimit(time.isPresent() ? time : resources.timeLimit(),
                    r.hasTimeMinMinutes() ? SubmitValidator.minutes(true, r.getTimeMinMinutes()) : resources.timeMin());
        }
        if (r.hasMinNodes() || r.hasMaxNodes()) {
            int min = r.hasMinNodes() ? r.getMinNodes() : resources.minNodes();
            int max = r.hasMaxNodes() ? r.getMaxNodes() : Math.max(min, resources.maxNodes());
            resources = resources.withNodes(min, max);
        }
        if (r.hasNtasks() || r.hasCpusPerTask()) {
            resources = resources.withTasks(r.hasNtasks() ? r.getNtasks() : resources.ntasks(),
                    resources.ntasksPerNode(), r.hasCpusPerTask() ? r.getCpusPerTask() : resources.cpusPerTask());
        }
        if (r.hasMemPerNodeMb()) {
            resources = resources.withMemory(io.jslurm.slurmctld.job.MemoryRequest.perNode(r.getMemPerNodeMb()));
        } else if (r.hasMemPerCpuMb()) {
            resources = resources.withMemory(io.jslurm.slurmctld.job.MemoryRequest.perCpu(r.getMemPerCpuMb()));
        }
        b.resources(resources);
        if (r.hasConstraint()) {
            b.constraint(r.getConstraint());
        }
        if (r.hasNodelist()) {
            b.nodeList(r.getNodelist());
        }
        if (r.hasExclude()) {
            b.exclude(r.getExclude());
        }
        if (r.hasStdOut()) {
            b.stdOut(r.getStdOut());
        }
        if (r.hasWorkDir()) {
            b.workDir(r.getWorkDir());
        }
        if (r.hasPartition()) {
            b.partition(r.getPartition().strip());
        }
        if (r.hasName()) {
            b.name(r.getName());
        }
        if (r.hasNice()) {
            b.nice(r.getNice());
        }
        if (r.hasComment()) {
            b.comment(r.getComment());
        }
        if (r.hasDependency()) {
            b.dependency(r.getDependency());
        }
        if (r.hasBeginTime()) {
            b.beginTime(Math.max(0, r.getBeginTime()));
        }
        if (r.hasAccount()) {
            b.account(r.getAccount());
        }
        if (r.hasQos()) {
            b.qos(r.getQos());
        }
        if (r.hasRequeue()) {
            b.requeue(r.getRequeue());
        }
        return b.build();
    }
}
