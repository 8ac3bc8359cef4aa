package io.jslurm.slurmctld.state;

import io.jslurm.slurmctld.job.Job;
import io.jslurm.common.jobid.JobIdSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * The jobs in memory, indexed by job id and by array job id. Readers need no lock; changes come only through
 * {@link #apply}, from the store (under its lock) or from recovery, so a replayed journal rebuilds exactly
 * the table that wrote it.
 */
final class JobTable {

    private final ConcurrentHashMap<Long, Job> jobs = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<Long, long[]> arrays = new ConcurrentHashMap<>();

    Optional<Job> get(long jobId) {
        return Optional.ofNullable(jobs.get(jobId));
    }

    boolean contains(long jobId) {
        return jobs.containsKey(jobId);
    }

    int size() {
        return jobs.size();
    }

    /** {@code 123}: the job, or every task of array 123; {@code 123_4}: that one task; {@code 123_[1-3]}: those. */
    List<Job> find(JobIdSpec id) {
        JobIdSpec.Selector selector = id.selector();
        if (selector instanceof JobIdSpec.HetComponent) {
            return List.of();
        }
        boolean whole = selector instanceof JobIdSpec.Whole;
        long[] tasks = arrays.get(id.jobId());
        if (tasks == null) {
            Job job = jobs.get(id.jobId());
            return job == null || !whole || job.isArrayTask() ? List.of() : List.of(job);
        }
        List<Job> found = new ArrayList<>(whole ? tasks.length : 1);
        for (long taskJobId : tasks) {
            Job task = jobs.get(taskJobId);
            if (task != null && selects(selector, task.arrayTaskId())) {
                found.add(task);
            }
        }
        return found;
    }

    private static boolean selects(JobIdSpec.Selector selector, int taskId) {
        if (selector instanceof JobIdSpec.ArrayTask one) {
            return one.taskId() == taskId;
        }
        if (selector instanceof JobIdSpec.ArrayTasks some) {
            return some.taskIds().contains(taskId);
        }
        return true;
    }

    List<Job> query(Predicate<? super Job> filter) {
        List<Job> found = new ArrayList<>();
        for (Job job : jobs.values()) {
            if (filter.test(job)) {
                found.add(job);
            }
        }
        found.sort((a, b) -> Long.compare(a.jobId(), b.jobId()));
        return found;
    }

    Collection<Job> all() {
        return jobs.values();
    }

    void apply(JournalEntry entry) {
        if (entry instanceof JournalEntry.Submitted submitted) {
            for (Job job : submitted.jobs()) {
                if (jobs.putIfAbsent(job.jobId(), job) != null) {
                    throw new CorruptStateException("job " + job.jobId() + " submitted twice");
                }
            }
            indexArrays(submitted.jobs());
        } else if (entry instanceof JournalEntry.StatusChanged changed) {
            jobs.put(changed.jobId(), existing(changed.jobId()).withStatus(changed.status()));
        } else if (entry instanceof JournalEntry.SpecUpdated updated) {
            jobs.put(updated.jobId(), existing(updated.jobId()).withSpec(updated.spec()));
        } else if (entry instanceof JournalEntry.Purged purged) {
            for (long jobId : purged.jobIds()) {
                Job job = existing(jobId);
                jobs.remove(jobId);
                if (job.isArrayTask()) {
                    arrays.computeIfPresent(job.arrayJobId(), (arrayJobId, tasks) -> without(tasks, jobId));
                }
            }
        } else {
            throw new CorruptStateException("entry " + entry.getClass().getSimpleName() + " does not change jobs");
        }
    }

    private Job existing(long jobId) {
        Job job = jobs.get(jobId);
        if (job == null) {
            throw new CorruptStateException("change recorded for unknown job " + jobId);
        }
        return job;
    }

    private void indexArrays(List<Job> added) {
        for (Job job : added) {
            if (job.isArrayTask()) {
                arrays.merge(job.arrayJobId(), new long[] {job.jobId()}, JobTable::concat);
            }
        }
    }

    private static long[] concat(long[] a, long[] b) {
        long[] joined = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, joined, a.length, b.length);
        return joined;
    }

    private static long[] without(long[] tasks, long jobId) {
        long[] kept = Arrays.stream(tasks).filter(id -> id != jobId).toArray();
        return kept.length == 0 ? null : kept;
    }
}
