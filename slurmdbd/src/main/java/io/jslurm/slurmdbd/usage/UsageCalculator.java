package io.jslurm.slurmdbd.usage;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Splits a period's CPU-seconds from job allocations, the cluster's capacity and down nodes. Allocation is
 * counted first, then down time, and idle is what is left of the capacity; what the jobs held beyond the
 * capacity (a shrunk configuration, clock steps) is over-committed rather than a negative idle.
 */
public final class UsageCalculator {

    private UsageCalculator() {
    }

    /**
     * The usage in [from, to) of jobs (by user and account; {@link UserAccount#NONE} for jobs under no association),
     * capacity and down-node spans.
     */
    public static Usage usage(Map<UserAccount, List<Span>> jobs, List<Span> capacity, List<Span> downNodes,
                              long from, long to) {
        if (to <= from) {
            return Usage.NONE;
        }
        long reported = capacity.stream().mapToLong(s -> s.cpuSecondsIn(from, to)).sum();
        Map<UserAccount, Long> byUser = new HashMap<>();
        long held = 0;
        for (Map.Entry<UserAccount, List<Span>> e : jobs.entrySet()) {
            long secs = e.getValue().stream().mapToLong(s -> s.cpuSecondsIn(from, to)).sum();
            if (secs > 0 && !e.getKey().equals(UserAccount.NONE)) {
                byUser.merge(e.getKey(), secs, Long::sum);
            }
            held += secs;
        }
        long allocated = Math.min(held, reported);
        long over = held - allocated;
        long down = Math.min(downNodes.stream().mapToLong(s -> s.cpuSecondsIn(from, to)).sum(), reported - allocated);
        long idle = reported - allocated - down;
        return new Usage(allocated, down, 0, idle, 0, over, reported, byUser);
    }
}
