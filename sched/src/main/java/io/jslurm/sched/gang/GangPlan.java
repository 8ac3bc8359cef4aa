package io.jslurm.sched.gang;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.Set;

/**
 * What the gang scheduler decided for the coming slice.
 *
 * @param suspend    running jobs to suspend (their cores go to jobs whose turn it is)
 * @param resume     suspended jobs to resume
 * @param sliceStart when the current slice began: {@code now} when this decision opened a new slice, else unchanged
 */
public record GangPlan(Set<Long> suspend, Set<Long> resume, Instant sliceStart) {

    public GangPlan {
        suspend = Set.copyOf(suspend);
        resume = Set.copyOf(resume);
        requireNonNull(sliceStart, "sliceStart is null");
    }

    public boolean isEmpty() {
        return suspend.isEmpty() && resume.isEmpty();
    }
}
