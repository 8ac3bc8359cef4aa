package io.jslurm.sched.limits;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * One QOS as the limits see it. TRES maps are by Slurm's TRES name ({@code cpu}, {@code mem} in MiB,
 * {@code node}, {@code gres/gpu}, {@code billing}); an absent entry is no limit.
 *
 * @param denyOnLimit Flags=DenyOnLimit: a job over a per-job limit is refused at submit instead of pending
 */
public record QosLimits(String name, long priority, boolean denyOnLimit, Map<String, Long> grpTres,
        OptionalInt grpJobs, OptionalInt grpSubmitJobs, OptionalInt maxJobsPerUser, OptionalInt maxSubmitJobsPerUser,
        Map<String, Long> maxTresPerJob, Map<String, Long> maxTresPerUser, Optional<Duration> maxWallPerJob,
        MinutesLimits minutes) {

    public QosLimits {
        requireNonNull(name, "name is null");
        grpTres = Map.copyOf(grpTres);
        requireNonNull(grpJobs, "grpJobs is null");
        requireNonNull(grpSubmitJobs, "grpSubmitJobs is null");
        requireNonNull(maxJobsPerUser, "maxJobsPerUser is null");
        requireNonNull(maxSubmitJobsPerUser, "maxSubmitJobsPerUser is null");
        maxTresPerJob = Map.copyOf(maxTresPerJob);
        maxTresPerUser = Map.copyOf(maxTresPerUser);
        requireNonNull(maxWallPerJob, "maxWallPerJob is null");
        requireNonNull(minutes, "minutes is null");
    }

    /** A QOS without time-weighted limits. */
    public QosLimits(String name, long priority, boolean denyOnLimit, Map<String, Long> grpTres, OptionalInt grpJobs,
                     OptionalInt grpSubmitJobs, OptionalInt maxJobsPerUser, OptionalInt maxSubmitJobsPerUser,
                     Map<String, Long> maxTresPerJob, Map<String, Long> maxTresPerUser,
                     Optional<Duration> maxWallPerJob) {
        this(name, priority, denyOnLimit, grpTres, grpJobs, grpSubmitJobs, maxJobsPerUser, maxSubmitJobsPerUser,
                maxTresPerJob, maxTresPerUser, maxWallPerJob, MinutesLimits.NONE);
    }

    /** A QOS without any limit, such as Slurm's "normal" as created. */
    public static QosLimits unlimited(String name, long priority) {
        return new QosLimits(name, priority, false, Map.of(), OptionalInt.empty(), OptionalInt.empty(),
                OptionalInt.empty(), OptionalInt.empty(), Map.of(), Map.of(), Optional.empty());
    }
}
