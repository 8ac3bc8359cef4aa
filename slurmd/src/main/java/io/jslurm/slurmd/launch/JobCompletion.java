package io.jslurm.slurmd.launch;

import io.jslurm.slurmd.cgroup.CgroupUsage;
import java.util.Objects;
import java.util.Optional;

/**
 * The end of a batch job as the node reports it to the controller.
 *
 * @param usage       what the job's cgroup measured, when it could still be read
 * @param launchError why the script could not be started (an output file that cannot be opened,
 *                    ...), when that is how it ended
 */
public record JobCompletion(long jobId, JobState state, ExitStatus exit, Optional<CgroupUsage> usage,
                            Optional<String> launchError) {
    public JobCompletion {
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(exit, "exit");
        Objects.requireNonNull(usage, "usage");
        Objects.requireNonNull(launchError, "launchError");
        if (state == JobState.RUNNING) {
            throw new IllegalArgumentException("a completion needs a final state");
        }
    }
}
