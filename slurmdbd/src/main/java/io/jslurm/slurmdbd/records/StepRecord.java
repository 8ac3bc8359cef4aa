package io.jslurm.slurmdbd.records;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/** One step of a job, as of {@code recordTime}; superseded by newer records as jobs are (see {@link RecordOrder}). */
public record StepRecord(JobKey job, StepId stepId, String name, JobState state, ExitCode exitCode, String nodeList,
                         int nodes, int tasks, String tresAlloc, Optional<Instant> start, Optional<Instant> end,
                         StepUsage usage, Instant recordTime) {

    public StepRecord {
        Objects.requireNonNull(job, "job");
        Objects.requireNonNull(stepId, "stepId");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(exitCode, "exitCode");
        Objects.requireNonNull(nodeList, "nodeList");
        Objects.requireNonNull(tresAlloc, "tresAlloc");
        start = Objects.requireNonNull(start, "start").map(JobTimes::seconds);
        end = Objects.requireNonNull(end, "end").map(JobTimes::seconds);
        Objects.requireNonNull(usage, "usage");
        recordTime = Instant.ofEpochMilli(Objects.requireNonNull(recordTime, "recordTime").toEpochMilli());
        if (nodes < 0 || tasks < 0) {
            throw new IllegalArgumentException("negative node or task count");
        }
    }

    public RecordOrder order() {
        return new RecordOrder(recordTime, state);
    }
}
