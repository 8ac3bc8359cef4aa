package io.jslurm.slurmdbd.records;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Everything accounting keeps about one job, as of {@code recordTime}: the time at which the
 * controller produced this state. Records for the same {@link JobKey} supersede each other by
 * {@link RecordOrder}.
 *
 * @param cancelledBy the uid that cancelled the job (sacct prints {@code CANCELLED by 1001})
 */
public record JobRecord(JobKey key, Optional<ArrayIds> array, String name, Owner owner, String account,
                        String partition, String qos, JobState state, OptionalLong cancelledBy, String reason, ExitCode exitCode,
                        ExitCode derivedExitCode, long priority, JobResources resources, JobTimes times,
                        JobIo io, String comment, String submitLine, int restartCount, Instant recordTime) {

    public JobRecord {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(array, "array");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(owner, "owner");
        Objects.requireNonNull(account, "account");
        Objects.requireNonNull(partition, "partition");
        Objects.requireNonNull(qos, "qos");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(cancelledBy, "cancelledBy");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(exitCode, "exitCode");
        Objects.requireNonNull(derivedExitCode, "derivedExitCode");
        Objects.requireNonNull(resources, "resources");
        Objects.requireNonNull(times, "times");
        Objects.requireNonNull(io, "io");
        Objects.requireNonNull(comment, "comment");
        Objects.requireNonNull(submitLine, "submitLine");
        recordTime = Instant.ofEpochMilli(Objects.requireNonNull(recordTime, "recordTime").toEpochMilli());
        if (priority < 0 || priority > 0xFFFF_FFFFL) {
            throw new IllegalArgumentException("priority out of range: " + priority);
        }
        if (restartCount < 0) {
            throw new IllegalArgumentException("restart count must not be negative");
        }
    }

    public RecordOrder order() {
        return new RecordOrder(recordTime, state);
    }

    /** The same job moved to another state at {@code when}, with the times and exit that go with it. */
    public JobRecord withState(JobState newState, JobTimes newTimes, ExitCode exit, Instant when) {
        return new JobRecord(key, array, name, owner, account, partition, qos, newState, cancelledBy, reason, exit, derivedExitCode,
                priority, resources, newTimes, io, comment, submitLine, restartCount, when);
    }
}
