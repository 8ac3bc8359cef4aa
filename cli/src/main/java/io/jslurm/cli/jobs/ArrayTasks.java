package io.jslurm.cli.jobs;

import io.jslurm.common.cpu.IdSet;
import io.jslurm.protocol.proto.JobRecord;
import io.jslurm.protocol.proto.JobState;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The pending tasks of a job array shown as one line ({@code 123_[4-15%4]}), as squeue does by default, or one
 * line per task ({@code -r}). Works whichever way the controller sent them.
 */
public final class ArrayTasks {

    private ArrayTasks() {
    }

    /** Pending tasks of the same array and reason merged into one record, at the place of the first. */
    public static List<JobRecord> collapse(List<JobRecord> jobs) {
        Map<String, Integer> slot = new LinkedHashMap<>();
        Map<Integer, IdSet> tasks = new LinkedHashMap<>();
        List<JobRecord> out = new ArrayList<>(jobs.size());
        for (JobRecord job : jobs) {
            if (job.getArrayJobId() == 0 || job.getState() != JobState.JOB_PENDING) {
                out.add(job);
                continue;
            }
            String key = job.getArrayJobId() + "\0" + job.getStateReason();
            Integer at = slot.get(key);
            IdSet ids = JobIds.tasksOf(job);
            if (at == null) {
                slot.put(key, out.size());
                tasks.put(out.size(), ids);
                out.add(job);
            } else {
                tasks.put(at, tasks.get(at).union(ids));
            }
        }
        for (Map.Entry<Integer, IdSet> merged : tasks.entrySet()) {
            JobRecord first = out.get(merged.getKey());
            IdSet ids = merged.getValue();
            if (ids.size() == 1 && first.hasArrayTaskId()) {
                continue;
            }
            out.set(merged.getKey(), first.toBuilder().clearArrayTaskId()
                    .setArrayTasksPending(ids.toString()).build());
        }
        return out;
    }

    /** Every pending array rest split into one record per task. */
    public static List<JobRecord> expand(List<JobRecord> jobs) {
        List<JobRecord> out = new ArrayList<>(jobs.size());
        for (JobRecord job : jobs) {
            if (job.getArrayJobId() == 0 || job.hasArrayTaskId() || job.getArrayTasksPending().isEmpty()) {
                out.add(job);
                continue;
            }
            JobRecord.Builder base = job.toBuilder().clearArrayTasksPending();
            JobIds.tasksOf(job).stream().forEach(task -> out.add(base.setArrayTaskId(task).build()));
        }
        return out;
    }
}
