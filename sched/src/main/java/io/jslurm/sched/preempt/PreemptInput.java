package io.jslurm.sched.preempt;

import static java.util.Objects.requireNonNull;

import java.util.Map;
import java.util.Set;

/**
 * What a pass needs beyond the snapshot to plan preemption.
 *
 * @param jobQos          the QOS of pending and running jobs, by job id (jobs without one cannot preempt or be
 *                        preempted under preempt/qos)
 * @param runningPriority the priority of running jobs: lower priorities are preempted first
 * @param ending          running jobs already on their way out (preempted and inside their GraceTime): they are
 *                        not preempted again, and a job that fits once they are gone waits for them instead of
 *                        preempting more
 * @param exempt          running jobs still inside their PreemptExemptTime: they may be suspended, not cancelled
 *                        or requeued
 */
public record PreemptInput(PreemptParams params, Map<Long, String> jobQos, Map<Long, Long> runningPriority,
        Set<Long> ending, Set<Long> exempt) {

    public static final PreemptInput NONE = new PreemptInput(PreemptParams.NONE, Map.of(), Map.of(), Set.of());

    /** No job exempt. */
    public PreemptInput(PreemptParams params, Map<Long, String> jobQos, Map<Long, Long> runningPriority,
            Set<Long> ending) {
        this(params, jobQos, runningPriority, ending, Set.of());
    }

    public PreemptInput {
        requireNonNull(params, "params is null");
        jobQos = Map.copyOf(requireNonNull(jobQos, "jobQos is null"));
        runningPriority = Map.copyOf(requireNonNull(runningPriority, "runningPriority is null"));
        ending = Set.copyOf(requireNonNull(ending, "ending is null"));
        exempt = Set.copyOf(requireNonNull(exempt, "exempt is null"));
    }

    public long priorityOf(long jobId) {
        return runningPriority.getOrDefault(jobId, 0L);
    }
}
