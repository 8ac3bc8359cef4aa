package io.jslurm.sched.gang;

import io.jslurm.sched.model.NodeAllocation;
import java.time.Duration;
import java.time.Instant;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Gang time-slicing (PreemptMode=GANG): jobs allocated to the same cores (OverSubscribe=FORCE:N or YES:N) take
 * turns, one set running while the others are suspended, switching every SchedulerTimeSlice. A pure function of
 * the gang jobs, the current slice's start and the clock.
 *
 * <p>The jobs are ranked, and the running set is filled greedily in rank order with every job whose cores no job
 * already in the set uses. Higher PriorityTier ranks first always. Within a slice the jobs that run keep running
 * (oldest first), so a newly started job that lands on busy cores is suspended until the slice ends, and a
 * suspended job whose cores were freed (a job ended) resumes at once. When the slice is over the suspended jobs rank
 * first, longest-waiting first, so the jobs that just ran give way: with two jobs on one core they alternate, with
 * three they go round.
 */
public final class GangScheduler {

    private GangScheduler() {
    }

    /**
     * Who runs from {@code now}.
     *
     * @param sliceStart when the current slice began
     * @param timeSlice  SchedulerTimeSlice
     */
    public static GangPlan next(List<GangJob> jobs, Instant sliceStart, Duration timeSlice, Instant now) {
        if (timeSlice.isNegative() || timeSlice.isZero()) {
            throw new IllegalArgumentException("time slice must be positive: " + timeSlice);
        }
        boolean newSlice = !now.isBefore(sliceStart.plus(timeSlice));
        // At a slice boundary the suspended ones go first; within a slice the running ones keep their cores.
        Comparator<GangJob> turn = Comparator.comparing(job -> job.running() == newSlice);
        Comparator<GangJob> rank = Comparator.comparingInt(GangJob::priorityTier).reversed()
                .thenComparing(turn)
                .thenComparing(GangJob::since)
                .thenComparingLong(GangJob::jobId);
        Map<String, BitSet> busy = new HashMap<>();
        Set<Long> suspend = new HashSet<>();
        Set<Long> resume = new HashSet<>();
        for (GangJob job : jobs.stream().sorted(rank).toList()) {
            boolean runs = fits(job, busy);
            if (runs) {
                take(job, busy);
                if (!job.running()) {
                    resume.add(job.jobId());
                }
            } else if (job.running()) {
                suspend.add(job.jobId());
            }
        }
        return new GangPlan(suspend, resume, newSlice ? now : sliceStart);
    }

    private static boolean fits(GangJob job, Map<String, BitSet> busy) {
        for (NodeAllocation part : job.allocation().nodes()) {
            BitSet used = busy.get(part.node());
            if (used != null && part.cores().intersects(used)) {
                return false;
            }
        }
        return true;
    }

    private static void take(GangJob job, Map<String, BitSet> busy) {
        for (NodeAllocation part : job.allocation().nodes()) {
            busy.computeIfAbsent(part.node(), n -> new BitSet()).or(part.cores().toBitSet());
        }
    }
}
