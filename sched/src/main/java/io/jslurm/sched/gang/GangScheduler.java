package io.jslurm.sched.gang;

import io.jslurm.sched.model.NodeAllocation;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Gang time-slicing (PreemptMode=GANG): jobs allocated to the same cores (OverSubscribe=FORCE:N or YES:N) take
 * turns, one set running while the others are suspended, switching every SchedulerTimeSlice. A pure function of
 * the gang jobs, the current slice's start and the clock.
 *
 * <p>As in Slurm, each partition is time-sliced on its own, and partitions are taken highest PriorityTier first:
 * the cores the running jobs of a higher tier use are closed to every lower-tier partition (its jobs there are
 * suspended, not time-sliced with the higher ones, and resume when those cores are free again), while partitions of
 * the same tier do not see each other's jobs, so jobs of two partitions never take turns.
 *
 * <p>Within a partition the jobs are ranked, and the running set is filled greedily in rank order with every job
 * whose cores no job already in the set (nor a higher tier) uses. Within a slice the jobs that run keep running
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
        Comparator<GangJob> rank = Comparator.comparing((GangJob job) -> job.running() == newSlice)
                .thenComparing(GangJob::since)
                .thenComparingLong(GangJob::jobId);
        Map<Integer, Map<String, List<GangJob>>> byTier = new TreeMap<>(Comparator.reverseOrder());
        for (GangJob job : jobs) {
            byTier.computeIfAbsent(job.priorityTier(), tier -> new TreeMap<>())
                    .computeIfAbsent(job.partition(), partition -> new ArrayList<>()).add(job);
        }
        Map<String, BitSet> higherTiers = new HashMap<>();
        Set<Long> suspend = new HashSet<>();
        Set<Long> resume = new HashSet<>();
        for (Map<String, List<GangJob>> partitions : byTier.values()) {
            Map<String, BitSet> thisTier = new HashMap<>();
            for (List<GangJob> partition : partitions.values()) {
                Map<String, BitSet> busy = copy(higherTiers);
                for (GangJob job : partition.stream().sorted(rank).toList()) {
                    if (fits(job, busy)) {
                        take(job, busy);
                        take(job, thisTier);
                        if (!job.running()) {
                            resume.add(job.jobId());
                        }
                    } else if (job.running()) {
                        suspend.add(job.jobId());
                    }
                }
            }
            thisTier.forEach((node, cores) -> higherTiers.computeIfAbsent(node, n -> new BitSet()).or(cores));
        }
        return new GangPlan(suspend, resume, newSlice ? now : sliceStart);
    }

    private static Map<String, BitSet> copy(Map<String, BitSet> busy) {
        return busy.entrySet().stream().collect(Collectors.toMap(Map.Entry::getKey,
                e -> (BitSet) e.getValue().clone()));
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
