package io.jslurm.sched.limits;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A job as the limits count it.
 *
 * @param assocChain the job's association first, then each parent up to the cluster's root
 * @param tres       what it asks for (pending) or holds (running), by TRES name
 * @param timeLimit  --time as given; empty when not given
 */
public record LimitedJob(String user, String qos, List<Long> assocChain, Map<String, Long> tres,
        Optional<Duration> timeLimit) {

    public LimitedJob {
        requireNonNull(user, "user is null");
        requireNonNull(qos, "qos is null");
        assocChain = List.copyOf(assocChain);
        if (assocChain.isEmpty()) {
            throw new IllegalArgumentException("a job has an association");
        }
        tres = Map.copyOf(tres);
        requireNonNull(timeLimit, "timeLimit is null");
    }

    public long assoc() {
        return assocChain.get(0);
    }
}
