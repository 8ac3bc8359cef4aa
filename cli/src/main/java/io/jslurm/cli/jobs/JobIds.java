package io.jslurm.cli.jobs;

import io.jslurm.common.cpu.IdSet;
import io.jslurm.common.jobid.JobIdSpec;
import io.jslurm.protocol.proto.JobRecord;
import io.jslurm.protocol.proto.JobTarget;
import java.util.ArrayList;
import java.util.List;

/** Lists of job ids as commands take them ({@code 12,13_4,14_[1-3,7]}), and what they select. */
public final class JobIds {

    private JobIds() {
    }

    /** Splits at commas outside brackets, so {@code 14_[1,3]} stays one id. */
    public static List<String> split(String list) {
        List<String> words = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < list.length(); i++) {
            char c = list.charAt(i);
            if (c == '[') {
                depth++;
            } else if (c == ']') {
                depth = Math.max(0, depth - 1);
            } else if (c == ',' && depth == 0) {
                add(words, list.substring(start, i));
                start = i + 1;
            }
        }
        add(words, list.substring(start));
        return words;
    }

    private static void add(List<String> words, String word) {
        if (!word.isBlank()) {
            words.add(word.strip());
        }
    }

    /** @throws IllegalArgumentException for an id that is not one */
    public static List<JobIdSpec> parse(String list) {
        List<JobIdSpec> ids = new ArrayList<>();
        for (String word : split(list)) {
            ids.add(JobIdSpec.parse(word));
        }
        return ids;
    }

    /** Whether {@code id} names this job or array task (or, for a pending array rest, any of its tasks). */
    public static boolean selects(JobIdSpec id, JobRecord job) {
        long jobId = Integer.toUnsignedLong(job.getJobId());
        long arrayJobId = Integer.toUnsignedLong(job.getArrayJobId());
        if (id.selector() instanceof JobIdSpec.Whole) {
            return id.jobId() == jobId || (arrayJobId != 0 && id.jobId() == arrayJobId);
        }
        if (arrayJobId == 0 || id.jobId() != arrayJobId) {
            return false;
        }
        IdSet tasks = tasksOf(job);
        if (id.selector() instanceof JobIdSpec.ArrayTask task) {
            return tasks.contains(task.taskId());
        }
        if (id.selector() instanceof JobIdSpec.ArrayTasks list) {
            return !list.taskIds().intersection(tasks).isEmpty();
        }
        return false;
    }

    /** The array tasks one record stands for. */
    public static IdSet tasksOf(JobRecord job) {
        if (job.hasArrayTaskId()) {
            return IdSet.of(job.getArrayTaskId());
        }
        if (!job.getArrayTasksPending().isEmpty()) {
            try {
                return IdSet.parse(job.getArrayTasksPending());
            } catch (IllegalArgumentException unreadable) {
                return IdSet.empty();
            }
        }
        return IdSet.empty();
    }

    /** The wire form of an id: job, array tasks, step. */
    public static JobTarget target(JobIdSpec id) {
        JobTarget.Builder target = JobTarget.newBuilder().setJobId((int) id.jobId());
        if (id.selector() instanceof JobIdSpec.ArrayTask task) {
            target.setArrayTasks(Integer.toString(task.taskId()));
        } else if (id.selector() instanceof JobIdSpec.ArrayTasks tasks) {
            target.setArrayTasks(tasks.taskIds().toString());
        }
        id.step().ifPresent(step -> target.setStepId((int) step.value()));
        return target.build();
    }
}
