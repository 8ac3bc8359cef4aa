package io.jslurm.cli.sacct;

import io.jslurm.protocol.proto.AcctJob;
import io.jslurm.protocol.proto.AcctStep;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One line of sacct: a job, or one of its steps (which also sees its job, for the fields a step
 * line takes from it). A job line's usage figures are its steps' totals and maxima.
 */
public record SacctRow(AcctJob job, Optional<AcctStep> step, List<AcctStep> jobSteps) {

    public SacctRow {
        Objects.requireNonNull(job, "job");
        Objects.requireNonNull(step, "step");
        jobSteps = List.copyOf(jobSteps);
    }

    public static SacctRow ofJob(AcctJob job, List<AcctStep> steps) {
        return new SacctRow(job, Optional.empty(), steps);
    }

    public static SacctRow ofStep(AcctJob job, AcctStep step) {
        return new SacctRow(job, Optional.of(step), List.of(step));
    }

    public boolean isStep() {
        return step.isPresent();
    }

    /** The job part of JobID: {@code 123}, or {@code 100_4} for an array task, {@code 100_[5-9]} for the pending rest. */
    public String jobIdText() {
        if (job.getArrayJobId() == 0) {
            return Integer.toUnsignedString(job.getJobId());
        }
        String array = Integer.toUnsignedString(job.getArrayJobId());
        if (job.hasArrayTaskId()) {
            return array + "_" + Integer.toUnsignedString(job.getArrayTaskId());
        }
        String pending = job.getArrayTasksPending();
        return array + "_" + (pending.startsWith("[") ? pending : "[" + pending + "]");
    }

    public String stepSuffix() {
        return step.map(s -> "." + stepName(s.getStepId())).orElse("");
    }

    static String stepName(int stepId) {
        return switch (stepId) {
            case -5 -> "batch";
            case -4 -> "extern";
            case -6 -> "interactive";
            case -3 -> "TBD";
            default -> Integer.toUnsignedString(stepId);
        };
    }

    public long start() {
        return step.map(AcctStep::getStartTime).orElse(job.getStartTime());
    }

    public long end() {
        return step.map(AcctStep::getEndTime).orElse(job.getEndTime());
    }

    public String state() {
        return step.map(AcctStep::getState).orElse(job.getState());
    }

    /** Seconds run so far: to the end, or to {@code now} while running; 0 before the start. */
    public long elapsedSeconds(long now) {
        long start = start();
        if (start == 0) {
            return 0;
        }
        long end = end() != 0 ? end() : now;
        long suspended = step.isPresent() ? 0 : job.getSuspendedSeconds();
        return Math.max(0, end - start - suspended);
    }

    public long userCpuMicros() {
        return jobSteps.stream().mapToLong(AcctStep::getUserCpuMicros).sum();
    }

    public long systemCpuMicros() {
        return jobSteps.stream().mapToLong(AcctStep::getSystemCpuMicros).sum();
    }
}
