package io.jslurm.slurmctld.schedule;

import com.google.protobuf.ByteString;
import io.jslurm.common.signal.SignalSpec;
import io.jslurm.common.hostlist.Hostlist;
import io.jslurm.protocol.proto.AllocatedNode;
import io.jslurm.protocol.proto.ArrayBounds;
import io.jslurm.protocol.proto.LaunchBatchJob;
import io.jslurm.protocol.proto.WarningSignal;
import io.jslurm.sched.model.Allocation;
import io.jslurm.sched.model.NodeAllocation;
import io.jslurm.slurmctld.job.GresRequest;
import io.jslurm.slurmctld.job.Job;
import io.jslurm.slurmctld.job.JobSpec;
import io.jslurm.slurmctld.job.OpenMode;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/** Builds what slurmd needs to run a batch job from the job's record and its allocation. */
public final class LaunchMessages {

    /** Slurm's time limit value for UNLIMITED in minutes. */
    public static final int UNLIMITED_MINUTES = -1;

    private LaunchMessages() {
    }

    /**
     * @param timeLimitMinutes the limit slurmd enforces, {@link #UNLIMITED_MINUTES} for none
     * @param cpusPerNode CPUs (threads) per core of each node, to turn cores into CPUs
     */
    public static LaunchBatchJob batch(Job job, Allocation allocation, int timeLimitMinutes, String partition,
                                       java.util.function.ToIntFunction<String> cpusPerCore, long startTime,
                                       Optional<ArrayBounds> arrayBounds) {
        JobSpec spec = job.spec();
        NodeAllocation first = allocation.nodes().get(0);
        LaunchBatchJob.Builder b = LaunchBatchJob.newBuilder()
                .setJobId((int) job.jobId())
                .setArrayJobId((int) job.arrayJobId())
                .setUid(spec.uid())
                .setGid(spec.gid())
                .setUserName(spec.user())
                // Scripts travel as bytes; the job record keeps them one char per byte.
                .setScript(ByteString.copyFrom(spec.script().getBytes(StandardCharsets.ISO_8859_1)))
                .setWorkDir(spec.workDir())
                .setStdOut(spec.stdOut())
                .setStdErr(spec.stdErr())
                .setStdIn(spec.stdIn())
                .addAllArgv(spec.argv())
                .setNodeList(Hostlist.of(allocation.nodeNames()).ranged())
                .setCpusOnNode(first.cores().size() * cpusPerCore.applyAsInt(first.node()))
                .setMemLimitMb(first.memoryMib())
                .setTimeLimitMinutes(timeLimitMinutes)
                .setPartition(partition)
                .setAccount(spec.account())
                .setQos(spec.qos())
                .setJobName(spec.name())
                .setNtasks(allocation.totalTasks())
                .setCpusPerTask(Math.max(1, spec.resources().cpusPerTask()))
                .setRequeue(spec.requeue())
                .setStartTime(startTime);
        if (job.isArrayTask()) {
            b.setArrayTaskId(job.arrayTaskId());
        }
        first.gpus().forEach(b::addGpuIndices);
        for (String variable : spec.environment()) {
            int eq = variable.indexOf('=');
            if (eq > 0) {
                b.putEnvironment(variable.substring(0, eq), variable.substring(eq + 1));
            }
        }
        for (NodeAllocation part : allocation.nodes()) {
            b.addAllocatedNodes(AllocatedNode.newBuilder().setNodeName(part.node())
                    .setCpus(part.cores().size() * cpusPerCore.applyAsInt(part.node())).setMemMb(part.memoryMib())
                    .addAllGpuIndices(part.gpus()).setTasks(part.tasks()).setCores(part.cores().toString()));
        }
        warningSignal(spec.signal()).ifPresent(b::setSignal);
        arrayBounds.ifPresent(b::setArrayBounds);
        requestDetails(spec, b);
        return b.build();
    }

    /** The options slurmd turns into SLURM_* variables, as the user gave them. */
    private static void requestDetails(JobSpec spec, LaunchBatchJob.Builder b) {
        var r = spec.resources();
        // sbatch records where it ran and on which host in the job's environment; --chdir changes only the
        // working directory, so SLURM_SUBMIT_DIR still names the directory sbatch was started in.
        b.setSubmitDir(environmentValue(spec, "SLURM_SUBMIT_DIR").orElse(spec.workDir()))
                .setSubmitHost(environmentValue(spec, "SLURM_SUBMIT_HOST").orElse(""))
                .setRestartCount(0);
        switch (r.memory().per()) {
            case NODE -> b.setMemPerNodeRequested(true);
            case CPU -> b.setMemPerCpuMb(r.memory().mebibytes());
            case GPU -> b.setMemPerGpuMb(r.memory().mebibytes());
            default -> { }
        }
        if (r.ntasksPerNode() > 0) {
            b.setNtasksPerNode(r.ntasksPerNode());
        }
        for (GresRequest g : r.gres()) {
            if (!g.name().equals("gpu")) {
                continue;
            }
            String text = g.typedCount();
            switch (g.per()) {
                case JOB -> b.setGpus(text);
                case NODE, SOCKET -> b.setGpusPerNode(text);
                case TASK -> b.setGpusPerTask((int) g.count());
            }
        }
    }

    /** The value of {@code name} in the submit environment, when it is there and not empty. */
    private static Optional<String> environmentValue(JobSpec spec, String name) {
        String prefix = name + "=";
        return spec.environment().stream().filter(variable -> variable.startsWith(prefix))
                .map(variable -> variable.substring(prefix.length())).filter(value -> !value.isEmpty()).findFirst();
    }

    /**
     * How slurmd opens the output and error files: as {@code --open-mode} says, else appending under
     * JobFileAppend=1 or when the job was requeued (so a later run keeps what the earlier ones wrote, as in
     * Slurm), else truncating.
     */
    static io.jslurm.protocol.proto.OpenMode openMode(OpenMode asked, boolean jobFileAppend, int restartCount) {
        boolean append = switch (asked) {
            case APPEND -> true;
            case TRUNCATE -> false;
            case UNSPECIFIED -> jobFileAppend || restartCount > 0;
        };
        return append ? io.jslurm.protocol.proto.OpenMode.OPEN_MODE_APPEND
                : io.jslurm.protocol.proto.OpenMode.OPEN_MODE_TRUNCATE;
    }

    /** The job's {@code --signal}, kept in Slurm's text form ({@code B:USR1@90}). */
    static Optional<WarningSignal> warningSignal(String text) {
        if (text.isBlank()) {
            return Optional.empty();
        }
        SignalSpec spec = SignalSpec.parse(text);
        return Optional.of(WarningSignal.newBuilder().setSignal(spec.signal().number())
                .setSecondsBeforeEnd(spec.delaySeconds()).setBatchShellOnly(spec.batchShellOnly())
                .setOnReservationEnd(spec.onReservationEnd()).build());
    }
}
