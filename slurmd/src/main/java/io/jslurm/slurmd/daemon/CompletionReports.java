package io.jslurm.slurmd.daemon;

import io.jslurm.protocol.proto.JobComplete;
import io.jslurm.protocol.proto.JobState;
import io.jslurm.protocol.proto.ResourceUsage;
import io.jslurm.slurmd.cgroup.CgroupUsage;
import io.jslurm.slurmd.launch.JobCompletion;
import java.time.Instant;

/** A job's end as the node tells the controller. */
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

    private static ResourceUsage usage(CgroupUsage usage) {
        ResourceUsage.Builder out = ResourceUsage.newBuilder()
                .setUserCpuMicros(usage.userCpu().toNanos() / 1000)
                .setSystemCpuMicros(usage.systemCpu().toNanos() / 1000);
        usage.peakMemoryBytes().ifPresent(bytes -> out.setMaxRssKb(bytes / 1024));
        usage.readBytes().ifPresent(out::setMaxDiskReadBytes);
        usage.writeBytes().ifPresent(out::setMaxDiskWriteBytes);
        return out.build();
    }
}
