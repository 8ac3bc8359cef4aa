package io.jslurm.slurmctld.rpc;

import io.jslurm.common.hostlist.Hostlist;
import io.jslurm.common.time.TimeLimit;
import io.jslurm.protocol.proto.JobDescription;
import io.jslurm.protocol.proto.JobRecord;
import io.jslurm.protocol.proto.JobStateFlag;
import io.jslurm.sched.model.Allocation;
import io.jslurm.slurmctld.job.GresRequest;
import io.jslurm.slurmctld.job.Job;
import io.jslurm.slurmctld.job.JobSpec;
import io.jslurm.slurmctld.job.JobState;
import io.jslurm.slurmctld.job.JobStatus;
import io.jslurm.slurmctld.job.PendingReason;
import io.jslurm.slurmctld.schedule.Allocations;
import io.jslurm.slurmctld.schedule.JobControl;
import io.jslurm.slurmctld.schedule.SchedulingLoop;
import io.jslurm.slurmctld.schedule.SuspendClock;
import java.util.Optional;
import java.util.stream.Collectors;

/** A job as squeue and scontrol show job see it. */
final class JobRecords {

    private final JobControl control;
    private final SchedulingLoop loop;
    private final Allocations allocations;

    private final java.util.function.Supplier<String> clusterName;
    private final io.jslurm.slurmctld.accounting.JobBilling billing;

    JobRecords(JobControl control, SchedulingLoop loop, Allocations allocations,
               java.util.function.Supplier<String> clusterName, io.jslurm.slurmctld.accounting.JobBilling billing) {
        this.clusterName = clusterName;
        this.billing = billing;
        this.control = control;
        this.loop = loop;
        this.allocations = allocations;
    }

    JobRecord record(Job job, boolean withRequest) {
        JobSpec spec = job.spec();
        JobStatus s = job.status();
        var alloc = s.allocation();
        TimeLimit limit = control.timeLimit(job, spec.partition());
        JobRecord.Builder b = JobRecord.newBuilder()
                .setJobId((int) job.jobId())
                .setArrayJobId((int) job.arrayJobId())
                .setState(state(job.state()))
                .setStateReason(reason(job))
                .setUid(spec.uid())
                .setGid(spec.gid())
                .setUserName(spec.user())
                .setPriority((int) loop.priority(job))
                .setSubmitTime(s.submitTime())
                .setEligibleTime(s.eligibleTime())
                .setStartTime(startTime(job))
                .setEndTime(endTime(job, limit))
                .setNodeList(alloc.nodeList())
                .setNumNodes(alloc.isEmpty() ? Math.max(1, spec.resources().minNodes()) : alloc.nodeCount())
                .setNumCpus(alloc.isEmpty() ? requestedCpus(spec) : alloc.cpus())
                .setNumTasks(Math.max(1, spec.resources().ntasks()))
                .setTresRequested(requestedTres(spec))
                .setExitCode(s.exitCode().status())
                .setTermSignal(s.exitCode().signal())
                .setDerivedExitCode(s.derivedExitCode().status())
                .setRestartCount(s.restartCount())
                // Slurm's Command= is the script's path alone (its arguments are not shown); --wrap has none.
                .setCommand(spec.scriptPath())
                .setPartition(spec.partition())
                .setName(spec.name())
                .setTimeLimitMinutes(limitMinutes(limit))
                .setClusterName(clusterName.get())
                .setAccrueTime(s.eligibleTime())
                .setBatchFlag(!spec.script().isEmpty());
        if (job.isArrayTask()) {
            b.setArrayTaskId(job.arrayTaskId());
        }
        if (job.arrayMaxRunning() > 0) {
            b.setArrayMaxRunning(job.arrayMaxRunning());
        }
        SuspendClock.times(s).ifPresent(t -> b.setSuspendTime(t.lastChange())
                .setPreSuspendSeconds(t.runBefore()));
        if (job.state() == JobState.REQUEUED) {
            // Slurm's REQUEUED|COMPLETING: back in the queue, but its nodes are still ending the run.
            b.addStateFlags(JobStateFlag.JOB_FLAG_COMPLETING);
        }
        flag(job.state()).ifPresent(b::addStateFlags);
        if (!alloc.isEmpty()) {
            b.setBatchHost(Hostlist.parse(alloc.nodeList()).hosts().get(0));
            b.setTresAllocated(tres(alloc.cpus(), alloc.memoryMiB() * alloc.nodeCount(), alloc.nodeCount(),
                    gpus(alloc.gres()) * alloc.nodeCount(), billing.allocated(job)));
            allocations.of(job.jobId()).ifPresent(a -> b.setGresDetail(gresDetail(a)));
        }
        if (withRequest) {
            b.setRequest(request(spec, limit));
        }
        if (job.state() == JobState.PENDING) {
            loop.pendingExplanation(job.jobId()).ifPresent(b::setPendingExplanation);
        }
        return b.build();
    }

    private String reason(Job job) {
        if (job.state() == JobState.PENDING) {
            if (job.status().reason() == PendingReason.JOB_HELD_USER
                    || job.status().reason() == PendingReason.JOB_HELD_ADMIN) {
                return job.status().reason().slurmName();
            }
            return loop.pendingReason(job.jobId()).orElse(job.status().reason().slurmName());
        }
        return job.status().reason().slurmName();
    }

    private long startTime(Job job) {
        if (job.state() == JobState.PENDING) {
            return loop.expectedStart(job.jobId()).map(i -> i.getEpochSecond()).orElse(0L);
        }
        return job.status().startTime();
    }

    private long endTime(Job job, TimeLimit limit) {
        if (job.state().holdsResources() && !limit.isUnlimited()) {
            return job.status().startTime() + control.suspendedSeconds(job) + limit.seconds();
        }
        return job.status().endTime();
    }

    /** A limit as the protocol's minutes: -1 (4294967295 unsigned) is UNLIMITED. */
    private static int limitMinutes(TimeLimit limit) {
        return limit.isUnlimited() ? -1 : (int) limit.minutes();
    }

    private static int requestedCpus(JobSpec spec) {
        return io.jslurm.slurmctld.fairshare.RequestedTres.cpus(spec);
    }

    private static long gpus(java.util.List<GresRequest> gres) {
        return io.jslurm.slurmctld.fairshare.RequestedTres.gpus(gres);
    }

    /** What the job asks for, billed as its partition weighs TRES. */
    private String requestedTres(JobSpec spec) {
        int cpus = requestedCpus(spec);
        long memory = spec.resources().memory().mebibytes();
        int nodes = Math.max(1, spec.resources().minNodes());
        long gpus = gpus(spec.resources().gres());
        String partition = spec.partition().split(",")[0];
        return tres(cpus, memory, nodes, gpus, io.jslurm.common.tres.BillingWeights.whole(
                billing.billable(partition, cpus, memory, nodes, gpus)));
    }

    /** Slurm's TRES string with billing equal to the CPU count (no TRESBillingWeights). */
    static String tres(int cpus, long memoryMib, int nodes, long gpus) {
        return tres(cpus, memoryMib, nodes, gpus, cpus);
    }

    /** Slurm's TRES string: {@code cpu=8,mem=64G,node=1,billing=8,gres/gpu=2}. */
    static String tres(int cpus, long memoryMib, int nodes, long gpus, long billing) {
        StringBuilder out = new StringBuilder("cpu=").append(cpus);
        if (memoryMib > 0) {
            out.append(",mem=").append(memoryMib % 1024 == 0 ? memoryMib / 1024 + "G" : memoryMib + "M");
        }
        out.append(",node=").append(nodes).append(",billing=").append(billing);
        if (gpus > 0) {
            out.append(",gres/gpu=").append(gpus);
        }
        return out.toString();
    }

    /** Per node GPUs with their indices: {@code gpu:2(IDX:0-1)}. */
    private static String gresDetail(Allocation allocation) {
        return allocation.nodes().stream().filter(n -> !n.gpus().isEmpty())
                .map(n -> "gpu:" + n.gpus().size() + "(IDX:" + io.jslurm.common.cpu.IdSet.of(
                        n.gpus().stream().mapToInt(Integer::intValue).toArray()) + ")")
                .collect(Collectors.joining(","));
    }

    static io.jslurm.protocol.proto.JobState state(JobState state) {
        return switch (state) {
            case PENDING, REQUEUED -> io.jslurm.protocol.proto.JobState.JOB_PENDING;
            case CONFIGURING, RUNNING, COMPLETING -> io.jslurm.protocol.proto.JobState.JOB_RUNNING;
            case SUSPENDED -> io.jslurm.protocol.proto.JobState.JOB_SUSPENDED;
            case COMPLETED -> io.jslurm.protocol.proto.JobState.JOB_COMPLETED;
            case FAILED -> io.jslurm.protocol.proto.JobState.JOB_FAILED;
            case CANCELLED -> io.jslurm.protocol.proto.JobState.JOB_CANCELLED;
            case TIMEOUT -> io.jslurm.protocol.proto.JobState.JOB_TIMEOUT;
            case NODE_FAIL -> io.jslurm.protocol.proto.JobState.JOB_NODE_FAIL;
            case PREEMPTED -> io.jslurm.protocol.proto.JobState.JOB_PREEMPTED;
            case OUT_OF_MEMORY -> io.jslurm.protocol.proto.JobState.JOB_OUT_OF_MEMORY;
            case BOOT_FAIL -> io.jslurm.protocol.proto.JobState.JOB_BOOT_FAIL;
            case DEADLINE -> io.jslurm.protocol.proto.JobState.JOB_DEADLINE;
        };
    }

    private static Optional<JobStateFlag> flag(JobState state) {
        return switch (state) {
            case CONFIGURING -> Optional.of(JobStateFlag.JOB_FLAG_CONFIGURING);
            case COMPLETING -> Optional.of(JobStateFlag.JOB_FLAG_COMPLETING);
            case REQUEUED -> Optional.of(JobStateFlag.JOB_FLAG_REQUEUED);
            default -> Optional.empty();
        };
    }

    /** What was asked, with defaults applied, for scontrol show job. */
    private static JobDescription request(JobSpec spec, TimeLimit limit) {
        var r = spec.resources();
        JobDescription.Builder d = JobDescription.newBuilder()
                .setName(spec.name()).setPartition(spec.partition()).setAccount(spec.account()).setQos(spec.qos())
                .setWorkDir(spec.workDir()).setStdIn(spec.stdIn()).setStdOut(spec.stdOut()).setStdErr(spec.stdErr())
                .setDependency(spec.dependency()).setBeginTime(spec.beginTime()).setNice(spec.nice())
                .setComment(spec.comment()).setRequeue(spec.requeue()).setNodelist(spec.nodeList())
                .setExclude(spec.exclude()).setConstraint(spec.constraint()).setUid(spec.uid()).setGid(spec.gid())
                .setUserName(spec.user()).setHold(spec.hold())
                .setSubmitHost(spec.allocNode()).setAllocSid(spec.allocSid()).setReservation(spec.reservation())
                .setMinNodes(Math.max(1, r.minNodes())).setMaxNodes(Math.max(Math.max(1, r.minNodes()), r.maxNodes()))
                .setCpusPerTask(Math.max(1, r.cpusPerTask()))
                .setTimeLimitMinutes(limitMinutes(limit))
                .setGres(r.gres().stream().map(GresRequest::toString).collect(Collectors.joining(",")));
        if (r.ntasks() > 0) {
            d.setNtasks(r.ntasks());
        }
        r.timeMin().ifPresent(t -> d.setTimeMinMinutes(t.isUnlimited() ? -1 : (int) t.minutes()));
        if (spec.exclusive()) {
            d.setExclusive(io.jslurm.protocol.proto.Exclusive.EXCLUSIVE_NODE);
        }
        d.setOversubscribe(spec.oversubscribe());
        if (r.cpusPerGpu() > 0) {
            d.setCpusPerGpu(r.cpusPerGpu());
        }
        d.setContiguous(r.contiguous());
        for (GresRequest g : r.gres()) {
            if (!g.name().equals("gpu")) {
                continue;
            }
            String text = g.typedCount();
            switch (g.per()) {
                case JOB -> d.setGpus(text);
                case NODE, SOCKET -> d.setGpusPerNode(text);
                case TASK -> d.setGpusPerTask(text);
            }
        }
        if (r.ntasksPerNode() > 0) {
            d.setNtasksPerNode(r.ntasksPerNode());
        }
        switch (r.memory().per()) {
            case NODE -> d.setMemPerNodeMb(r.memory().mebibytes());
            case CPU -> d.setMemPerCpuMb(r.memory().mebibytes());
            case GPU -> d.setMemPerGpuMb(r.memory().mebibytes());
            default -> { }
        }
        return d.build();
    }
}
