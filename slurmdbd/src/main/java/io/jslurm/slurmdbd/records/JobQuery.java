package io.jslurm.slurmdbd.records;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The jobs sacct asks for. Empty sets mean "any". A window selects the jobs that existed during
 * it: submitted before it ends and not ended before it starts. A job id also selects the tasks of
 * the array with that id. Without {@code duplicates}, only the newest incarnation of each job id
 * is returned (requeues and wrapped ids leave older ones).
 *
 * @param states matched against each job's current state
 */
public record JobQuery(String cluster, Optional<Instant> windowStart, Optional<Instant> windowEnd, Set<String> users,
                       Set<String> accounts, Set<JobState> states, Set<Long> jobIds, boolean duplicates) {

    public JobQuery {
        Objects.requireNonNull(cluster, "cluster");
        Objects.requireNonNull(windowStart, "windowStart");
        Objects.requireNonNull(windowEnd, "windowEnd");
        users = Set.copyOf(users);
        accounts = Set.copyOf(accounts);
        states = Set.copyOf(states);
        jobIds = Set.copyOf(jobIds);
        if (windowStart.isPresent() && windowEnd.isPresent() && windowEnd.get().isBefore(windowStart.get())) {
            throw new IllegalArgumentException("window ends before it starts");
        }
    }

    /** All jobs of a cluster that existed during [start, end). */
    public static JobQuery window(String cluster, Instant start, Instant end) {
        return new JobQuery(cluster, Optional.of(start), Optional.of(end), Set.of(), Set.of(), Set.of(), Set.of(), false);
    }

    public JobQuery withUsers(Set<String> newUsers) {
        return new JobQuery(cluster, windowStart, windowEnd, newUsers, accounts, states, jobIds, duplicates);
    }

    public JobQuery withAccounts(Set<String> newAccounts) {
        return new JobQuery(cluster, windowStart, windowEnd, users, newAccounts, states, jobIds, duplicates);
    }

    public JobQuery withStates(Set<JobState> newStates) {
        return new JobQuery(cluster, windowStart, windowEnd, users, accounts, newStates, jobIds, duplicates);
    }

    public JobQuery withJobIds(Set<Long> newJobIds) {
        return new JobQuery(cluster, windowStart, windowEnd, users, accounts, states, newJobIds, duplicates);
    }

    public JobQuery withDuplicates(boolean newDuplicates) {
        return new JobQuery(cluster, windowStart, windowEnd, users, accounts, states, jobIds, newDuplicates);
    }
}
