package io.jslurm.slurmctld.accounting;

import io.jslurm.common.hostlist.Hostlist;
import io.jslurm.protocol.proto.AcctStep;
import io.jslurm.protocol.proto.ResourceUsage;
import io.jslurm.protocol.proto.StepRecord;
import io.jslurm.slurmctld.job.Allocation;
import io.jslurm.slurmctld.job.Job;
import io.jslurm.slurmctld.job.JobState;
import java.time.InstantSource;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * Step records for accounting: the batch step ({@code N.batch}) of a batch job, the extern step
 * ({@code N.extern}) of every job under PrologFlags=Contain, and the numbered steps srun starts ({@code N.0},
 * {@code N.1}, ...), each recorded when it starts and again when it ends.
 *
 * <p>slurmdbd keeps the record with the greater record time, so every record made here gets a strictly
 * increasing stamp: the end of a batch step seen first from the job's state change and then again, with
 * the usage slurmd read from the cgroup, in the same millisecond must still replace the first.
 */
public final class StepAccounting {

    /** Slurm's SLURM_BATCH_SCRIPT step id (0xfffffffb) read as signed, as accounting stores it. */
    public static final int BATCH_STEP = -5;
    /** Slurm's SLURM_EXTERN_CONT step id (0xfffffffc) read as signed. */
    public static final int EXTERN_STEP = -4;

    /** For a controller without accounting: records go nowhere. */
    public static final StepAccounting NONE = new StepAccounting(step -> { }, "", InstantSource.system());

    private final Consumer<AcctStep> sink;
    private final String cluster;
    private final InstantSource clock;
    private final AtomicLong lastStamp = new AtomicLong();
    /** PrologFlags=Contain: every job has an extern step on all its nodes, recorded as {@code N.extern}. */
    private final BooleanSupplier contain;

    public StepAccounting(Consumer<AcctStep> sink, String cluster, InstantSource clock) {
        this(sink, cluster, clock, () -> false);
    }

    public StepAccounting(Consumer<AcctStep> sink, String cluster, InstantSource clock, BooleanSupplier contain) {
        this.sink = Objects.requireNonNull(sink, "sink");
        this.cluster = Objects.requireNonNull(cluster, "cluster");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.contain = Objects.requireNonNull(contain, "contain");
    }

    /** A job started under PrologFlags=Contain: its extern step runs on every node of the allocation. */
    public void externStarted(Job job) {
        if (contain.getAsBoolean() && job.status().startTime() > 0) {
            sink.accept(extern(job, "RUNNING").setEndTime(0).build());
        }
    }

    /**
     * The job ended: so did its extern step. Nothing runs in it but what was adopted into it, and slurmd ends it
     * itself, so Slurm records it COMPLETED 0:0 whatever became of the job.
     */
    public void externEnded(Job job) {
        if (contain.getAsBoolean() && job.status().startTime() > 0) {
            sink.accept(extern(job, "COMPLETED").build());
        }
    }

    private AcctStep.Builder extern(Job job, String state) {
        Allocation allocation = job.status().allocation();
        int nodes = allocation.nodeCount();
        return base(job).setStepId(EXTERN_STEP).setName("extern").setState(state)
                .setNodeList(allocation.nodeList()).setNodes(nodes).setTasks(nodes)
                .setTresAllocated(tres(allocation.cpus(), allocation.memoryMiB() * nodes, nodes))
                .setExitCode(0).setExitSignal(0)
                .setStartTime(job.status().startTime()).setEndTime(job.status().endTime());
    }

    /** A batch job started: its batch step runs on the first node. */
    public void batchStarted(Job job) {
        if (isBatch(job)) {
            sink.accept(batch(job, "RUNNING").setEndTime(0).build());
        }
    }

    /** A batch job ended without (yet) a report from its node: the step ends as the job did. */
    public void batchEnded(Job job) {
        if (isBatch(job) && job.status().startTime() > 0) {
            sink.accept(batch(job, batchState(job.state())).build());
        }
    }

    /**
     * slurmd reported how the batch script ended, with what the job's cgroup used. The job is as the
     * controller now has it (ended, or still running when the report came first).
     */
    public void batchReported(Job job, int exitCode, int termSignal, long endTime, ResourceUsage usage) {
        if (!isBatch(job) || job.status().startTime() == 0) {
            return;
        }
        String state = job.state().isFinished() ? batchState(job.state())
                : termSignal != 0 ? "CANCELLED" : exitCode == 0 ? "COMPLETED" : "FAILED";
        // A cancelled job's script ended by whatever signal slurmd last sent; Slurm records the cancel's SIGTERM.
        boolean cancelled = job.state() == JobState.CANCELLED;
        AcctStep.Builder step = batch(job, state).setExitCode(cancelled ? 0 : exitCode)
                .setExitSignal(cancelled ? 15 : termSignal)
                .setEndTime(endTime > 0 ? endTime : job.status().endTime());
        sink.accept(withUsage(step, usage, 1).build());
    }

    /** srun's step {@code N.k} started (or failed to start, when {@code step} is already ended). */
    public void stepStarted(Job job, StepRecord step) {
        sink.accept(numbered(job, step).setEndTime(0).build());
    }

    /** srun reported step {@code N.k} ended, or the step ended with its job; no node reported usage. */
    public void stepEnded(Job job, StepRecord step) {
        stepEnded(job, step, StepUsage.NONE);
    }

    /**
     * Step {@code N.k} ended, with what its nodes reported it used so far; recorded again as each further
     * node's report comes in (the newer record replaces the older).
     */
    public void stepEnded(Job job, StepRecord step, StepUsage usage) {
        AcctStep.Builder record = numbered(job, step)
                .setEndTime(step.getEndTime() > 0 ? step.getEndTime() : clock.instant().getEpochSecond());
        if (!usage.isEmpty()) {
            withUsage(record, usage.total(), 1).setAveRssBytes(usage.averageRssKb(step.getNtasks()) * 1024);
        }
        sink.accept(record.build());
    }

    private AcctStep.Builder numbered(Job job, StepRecord step) {
        return base(job).setStepId(step.getStepId()).setName(step.getName()).setState(step.getState())
                .setExitCode(step.getExitCode()).setExitSignal(step.getTermSignal()).setNodeList(step.getNodeList())
                .setNodes(nodeCount(step.getNodeList())).setTasks(step.getNtasks())
                .setTresAllocated(tres(step.getCpus(), 0, nodeCount(step.getNodeList()))).setStartTime(step.getStartTime());
    }

    private AcctStep.Builder batch(Job job, String state) {
        Allocation allocation = job.status().allocation();
        String firstNode = allocation.isEmpty() ? ""
                : Hostlist.parse(allocation.nodeList()).hosts().get(0);
        int cpusOnFirst = allocation.isEmpty() ? 0 : allocation.cpus() / Math.max(1, allocation.nodeCount());
        boolean signalled = job.state() == JobState.CANCELLED || job.state() == JobState.TIMEOUT;
        return base(job).setStepId(BATCH_STEP).setName("batch").setState(state).setNodeList(firstNode).setNodes(1)
                .setTasks(1).setTresAllocated(tres(cpusOnFirst, allocation.memoryMiB(), 1))
                .setExitCode(signalled ? 0 : job.status().exitCode().status())
                .setExitSignal(signalled ? 15 : job.status().exitCode().signal())
                .setStartTime(job.status().startTime()).setEndTime(job.status().endTime());
    }

    private AcctStep.Builder base(Job job) {
        return AcctStep.newBuilder().setCluster(cluster).setJobId((int) job.jobId())
                .setJobSubmitTime(job.status().submitTime()).setRecordTimeMs(stamp());
    }

    /** Usage as sacct shows it: one task, so its peak is also the average. */
    static AcctStep.Builder withUsage(AcctStep.Builder step, ResourceUsage usage, int tasks) {
        long maxRss = usage.getMaxRssKb() * 1024;
        return step.setUserCpuMicros(usage.getUserCpuMicros()).setSystemCpuMicros(usage.getSystemCpuMicros())
                .setMaxRssBytes(maxRss).setAveRssBytes(tasks <= 1 ? maxRss : maxRss / tasks)
                .setMaxVmsizeBytes(usage.getMaxVmsizeKb() * 1024).setDiskReadBytes(usage.getMaxDiskReadBytes())
                .setDiskWriteBytes(usage.getMaxDiskWriteBytes());
    }

    /** Slurm shows the batch step of a cancelled or timed-out job as CANCELLED (killed by the signal). */
    private static String batchState(JobState state) {
        return switch (state) {
            case CANCELLED, TIMEOUT -> "CANCELLED";
            case RUNNING, CONFIGURING, COMPLETING, SUSPENDED -> "RUNNING";
            case OUT_OF_MEMORY, FAILED, NODE_FAIL, COMPLETED -> state.name();
            default -> "CANCELLED";
        };
    }

    private static boolean isBatch(Job job) {
        return !job.spec().script().isEmpty();
    }

    private static int nodeCount(String nodeList) {
        return nodeList.isEmpty() ? 0 : Hostlist.parse(nodeList).hosts().size();
    }

    private static String tres(long cpus, long memMiB, long nodes) {
        StringBuilder t = new StringBuilder("cpu=").append(cpus);
        if (memMiB > 0) {
            t.append(",mem=").append(memMiB).append('M');
        }
        return t.append(",node=").append(nodes).toString();
    }

    private long stamp() {
        return lastStamp.updateAndGet(previous -> Math.max(previous + 1, clock.millis()));
    }
}
