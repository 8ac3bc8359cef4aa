package io.jslurm.slurmd.daemon;

import io.jslurm.protocol.proto.JobComplete;
import io.jslurm.protocol.proto.JobState;
import io.jslurm.protocol.proto.ResourceUsage;
import io.jslurm.slurmd.cgroup.CgroupUsage;
import io.jslurm.slurmd.launch.JobCompletion;
import io.jslurm.slurmd.step.StepTasks;
import java.time.Instant;

/** A job's or a step's end as the node tells the controller, and usage as the protocol carries it. */
final class CompletionReports {
    private CompletionReports() {
    }

    static JobComplete of(JobCompletion completion, String nodeName, Instant endTime) {
        JobComplete.Builder out = JobComplete.newBuilder()
                .setJobId((int) completion.jobId())
                .setNodeName(nodeName)
                .setExitCode(completion.exit().exitCode())
                .setTermSignal(completion.exit().signal())
                .setEndTime(endTime.getEpochSecond())
                .setOutOfMemory(completion.state() == io.jslurm.slurmd.launch.JobState.OUT_OF_MEMORY)
                .setState(state(completion.state()));
        completion.launchError().ifPresent(out::setLaunchError);
        completion.usage().ifPresent(usage -> out.setUsage(usage(usage)));
        return out.build();
    }

    /** A step's tasks here ended: its end on this node, for the step's accounting record. */
    static JobComplete ofStep(StepTasks.StepEnd end, String nodeName, Instant endTime) {
        JobComplete.Builder out = JobComplete.newBuilder()
                .setJobId((int) end.jobId())
                .setStepId(end.stepId())
                .setNodeName(nodeName)
                .setExitCode(end.exitCode())
                .setEndTime(endTime.getEpochSecond())
                .setOutOfMemory(end.usage().map(CgroupUsage::oomKilled).orElse(false))
                .setState(end.exitCode() == 0 ? JobState.JOB_COMPLETED : JobState.JOB_FAILED);
        end.usage().ifPresent(usage -> out.setUsage(usage(usage)));
        return out.build();
    }

    private static JobState state(io.jslurm.slurmd.launch.JobState state) {
        return switch (state) {
            case COMPLETED -> JobState.JOB_COMPLETED;
            case FAILED -> JobState.JOB_FAILED;
            case CANCELLED -> JobState.JOB_CANCELLED;
            case TIMEOUT -> JobState.JOB_TIMEOUT;
            case OUT_OF_MEMORY -> JobState.JOB_OUT_OF_MEMORY;
            case RUNNING -> throw new IllegalArgumentException("a running job has not ended");
        };
    }

    static ResourceUsage usage(CgroupUsage usage) {
        ResourceUsage.Builder out = ResourceUsage.newBuilder()
                .setUserCpuMicros(usage.userCpu().toNanos() / 1000)
                .setSystemCpuMicros(usage.systemCpu().toNanos() / 1000);
        usage.peakMemoryBytes().ifPresent(bytes -> out.setMaxRssKb(bytes / 1024));
        usage.readBytes().ifPresent(out::setMaxDiskReadBytes);
        usage.writeBytes().ifPresent(out::setMaxDiskWriteBytes);
        return out.build();
    }
}
