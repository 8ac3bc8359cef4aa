package io.jslurm.sched.limits;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * One association (an account's, or a user's under an account) with its own limits. Grp limits hold for the
 * association and everything below it; Max limits hold for each job or user and, when unset here, come from the
 * nearest ancestor that sets them, as sacctmgr's inheritance works.
 *
 * @param user empty for an account's own association
 */
public record AssocLimits(long id, String account, String user, Map<String, Long> grpTres, OptionalInt grpJobs,
        OptionalInt grpSubmitJobs, OptionalInt maxJobs, OptionalInt maxSubmitJobs, Map<String, Long> maxTresPerJob,
        Optional<Duration> maxWall, MinutesLimits minutes) {

    public AssocLimits {
        requireNonNull(account, "account is null");
        requireNonNull(user, "user is null");
        grpTres = Map.copyOf(grpTres);
        requireNonNull(grpJobs, "grpJobs is null");
        requireNonNull(grpSubmitJobs, "grpSubmitJobs is null");
        requireNonNull(maxJobs, "maxJobs is null");
        requireNonNull(maxSubmitJobs, "maxSubmitJobs is null");
        maxTresPerJob = Map.copyOf(maxTresPerJob);
        requireNonNull(maxWall, "maxWall is null");
        requireNonNull(minutes, "minutes is null");
    }

    /** An association without time-weighted limits. */
    public AssocLimits(long id, String account, String user, Map<String, Long> grpTres, OptionalInt grpJobs,
                       OptionalInt grpSubmitJobs, OptionalInt maxJobs, OptionalInt maxSubmitJobs,
                       Map<String, Long> maxTresPerJob, Optional<Duration> maxWall) {
        this(id, account, user, grpTres, grpJobs, grpSubmitJobs, maxJobs, maxSubmitJobs, maxTresPerJob, maxWall,
                MinutesLimits.NONE);
    }

    public static AssocLimits unlimited(long id, String account, String user) {
        return new AssocLimits(id, account, user, Map.of(), OptionalInt.empty(), OptionalInt.empty(),
                OptionalInt.empty(), OptionalInt.empty(), Map.of(), Optional.empty());
    }

    public String displayName() {
        return user.isEmpty() ? "account " + account : "user " + user + " in account " + account;
    }
}
