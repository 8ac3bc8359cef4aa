package io.jslurm.slurmdbd.records;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * A job's times after submission (the submit time is part of its {@link JobKey}). Absent means
 * not reached yet; {@code timeLimit} absent means no limit. Kept to whole seconds, as stored.
 */
public record JobTimes(Optional<Instant> eligible, Optional<Instant> start, Optional<Instant> end,
                       Duration suspended, Optional<Duration> timeLimit) {

    public static final JobTimes NONE = new JobTimes(Optional.empty(), Optional.empty(), Optional.empty(),
            Duration.ZERO, Optional.empty());

    public JobTimes {
        Objects.requireNonNull(suspended, "suspended");
        eligible = Objects.requireNonNull(eligible, "eligible").map(JobTimes::seconds);
        start = Objects.requireNonNull(start, "start").map(JobTimes::seconds);
        end = Objects.requireNonNull(end, "end").map(JobTimes::seconds);
        Objects.requireNonNull(timeLimit, "timeLimit");
        if (start.isPresent() && end.isPresent() && end.get().isBefore(start.get())) {
            throw new IllegalArgumentException("job ends " + end.get() + " before it starts " + start.get());
        }
    }

    static Instant seconds(Instant t) {
        return Instant.ofEpochSecond(t.getEpochSecond());
    }
}
