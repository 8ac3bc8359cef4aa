package io.jslurm.cli.submit;

import io.jslurm.common.time.TimeLimit;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * When, where and under which terms the job is queued. Array, dependency, begin, deadline and signal values are
 * kept as given until the shared formats read them.
 *
 * @param timeLimit {@code -t}; a limit of 0 arrives as {@link TimeLimit#UNLIMITED}
 * @param timeMin   {@code --time-min}: the least the job accepts when backfilled
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
        Optional<String> begin,
        Optional<String> deadline,
        boolean hold,
        Optional<Priority> priority,
        OptionalInt nice,
        Optional<String> comment,
        Optional<String> array,
        Optional<String> dependency,
        Optional<String> signal,
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
