package io.jslurm.cli.submit;

import io.jslurm.common.dependency.Dependency;
import io.jslurm.common.jobid.ArraySpec;
import io.jslurm.common.signal.SignalSpec;
import io.jslurm.common.time.TimeLimit;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * When, where and under which terms the job is queued.
 *
 * @param timeLimit {@code -t}; a limit of 0 arrives as {@link TimeLimit#UNLIMITED}
 * @param timeMin   {@code --time-min}: the least the job accepts when backfilled
 * @param begin     {@code --begin}, resolved against the submitting clock and zone
 * @param deadline  {@code --deadline}, resolved the same way
 * @param requeue   empty to follow the cluster's {@code JobRequeue}
 * @param noKill    {@code -k}: keep running when an allocated node fails
 */
public record Scheduling(
        Optional<String> partition,
        Optional<String> qos,
        Optional<String> account,
        Optional<String> reservation,
        Optional<TimeLimit> timeLimit,
        Optional<TimeLimit> timeMin,
        Optional<Instant> begin,
        Optional<Instant> deadline,
        boolean hold,
        Optional<Priority> priority,
        OptionalInt nice,
        Optional<String> comment,
        Optional<ArraySpec> array,
        Optional<Dependency> dependency,
        Optional<SignalSpec> signal,
        Optional<Boolean> requeue,
        boolean noKill) {

    public Scheduling {
        Objects.requireNonNull(partition, "partition is null");
        Objects.requireNonNull(qos, "qos is null");
        Objects.requireNonNull(account, "account is null");
        Objects.requireNonNull(reservation, "reservation is null");
        Objects.requireNonNull(timeLimit, "timeLimit is null");
        Objects.requireNonNull(timeMin, "timeMin is null");
        Objects.requireNonNull(begin, "begin is null");
        Objects.requireNonNull(deadline, "deadline is null");
        Objects.requireNonNull(priority, "priority is null");
        Objects.requireNonNull(nice, "nice is null");
        Objects.requireNonNull(comment, "comment is null");
        Objects.requireNonNull(array, "array is null");
        Objects.requireNonNull(dependency, "dependency is null");
        Objects.requireNonNull(signal, "signal is null");
        Objects.requireNonNull(requeue, "requeue is null");
    }
}
