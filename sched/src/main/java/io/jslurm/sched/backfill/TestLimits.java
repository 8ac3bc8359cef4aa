package io.jslurm.sched.backfill;

import io.jslurm.sched.QueueEntry;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/** bf_max_job_test, bf_max_job_user and bf_max_job_part: how many jobs one backfill pass looks at. */
final class TestLimits {

    private final BackfillParams params;
    private final Set<Long> tested = new HashSet<>();
    private final Map<Integer, Integer> perUser = new HashMap<>();
    private final Map<String, Integer> perPartition = new HashMap<>();

    TestLimits(BackfillParams params) {
        this.params = params;
    }

    /** Whether the entry may be tested, counting it if so. */
    boolean admit(QueueEntry entry) {
        boolean newJob = !tested.contains(entry.jobId());
        if (newJob && (tested.size() >= params.maxJobTest()
                || reached(perUser.getOrDefault(entry.job().userId(), 0), params.maxJobUser()))) {
            return false;
        }
        String partition = entry.partition().name();
        if (reached(perPartition.getOrDefault(partition, 0), params.maxJobPart())) {
            return false;
        }
        if (newJob) {
            tested.add(entry.jobId());
            perUser.merge(entry.job().userId(), 1, Integer::sum);
        }
        perPartition.merge(partition, 1, Integer::sum);
        return true;
    }

    private static boolean reached(int count, int limit) {
        return limit > 0 && count >= limit;
    }
}
