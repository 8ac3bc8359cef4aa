package io.jslurm.cli.squeue;

import io.jslurm.cli.jobs.JobDisplay;
import io.jslurm.protocol.proto.JobRecord;
import io.jslurm.protocol.proto.JobState;
import io.jslurm.protocol.proto.StepRecord;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code squeue --steps}: the running steps of the jobs the other options select, each batch job's batch step
 * included, ordered by partition, then step id, as Slurm orders them by default.
 */
final class StepListing {

    private static final Comparator<StepLine> ORDER = Comparator.comparing(StepLine::partition)
            .thenComparingLong(StepLine::jobId).thenComparingLong(StepLine::stepId);

    private StepListing() {
    }

    /**
     * @param jobs   the jobs left after squeue's job filters
     * @param steps  the controller's step records
     * @param wanted step ids from {@code --steps=LIST} ({@code 12.0}, {@code 12.batch}); empty for all
     */
    static List<StepLine> lines(List<JobRecord> jobs, List<StepRecord> steps, List<String> wanted, JobDisplay d) {
        Map<Long, JobRecord> running = new HashMap<>();
        List<StepLine> lines = new ArrayList<>();
        for (JobRecord job : jobs) {
            if (job.getState() != JobState.JOB_RUNNING && job.getState() != JobState.JOB_SUSPENDED) {
                continue;
            }
            running.put(Integer.toUnsignedLong(job.getJobId()), job);
            if (job.getBatchFlag()) {
                lines.add(line(job, StepLine.BATCH, "batch", job.getBatchHost(), 1, job.getStartTime(), d));
            }
        }
        for (StepRecord step : steps) {
            JobRecord job = running.get(Integer.toUnsignedLong(step.getJobId()));
            if (job != null && step.getState().equals("RUNNING")) {
                lines.add(line(job, Integer.toUnsignedLong(step.getStepId()), step.getName(), step.getNodeList(),
                        step.getNtasks(), step.getStartTime(), d));
            }
        }
        return lines.stream().filter(line -> wanted.isEmpty() || wanted.contains(line.id())).sorted(ORDER).toList();
    }

    private static StepLine line(JobRecord job, long stepId, String name, String nodes, int tasks, long start,
                                 JobDisplay d) {
        String jobText = job.hasArrayTaskId() && job.getArrayJobId() != 0
                ? Integer.toUnsignedString(job.getArrayJobId()) + "_" + job.getArrayTaskId()
                : Integer.toUnsignedString(job.getJobId());
        return new StepLine(Integer.toUnsignedLong(job.getJobId()), jobText, stepId, name, d.partition(job),
                d.user(job), Integer.toUnsignedLong(job.getUid()), start, nodes, tasks, d.timeLimit(job),
                "RUNNING");
    }
}
