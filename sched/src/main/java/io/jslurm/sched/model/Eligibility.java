package io.jslurm.sched.model;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.Optional;

/**
 * What the controller knows about a job's eligibility apart from resources.
 *
 * @param beginTime --begin; the job waits until then
 */
public record Eligibility(Hold hold, DependencyState dependency, Optional<Instant> beginTime) {

    public static final Eligibility READY = new Eligibility(Hold.NONE, DependencyState.NONE, Optional.empty());

    public Eligibility {
        requireNonNull(hold, "hold is null");
        requireNonNull(dependency, "dependency is null");
        requireNonNull(beginTime, "beginTime is null");
    }

    public enum Hold { NONE, USER, ADMIN }

    public enum DependencyState {
        /** No dependency, or every dependency satisfied. */
        NONE,
        WAITING,
        /** A dependency can never be satisfied (e.g. afterok on a failed job). */
        NEVER_SATISFIED
    }
}
