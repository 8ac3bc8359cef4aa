package io.jslurm.sched.limits;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * The time-weighted limits of a QOS or an association: TRES-minutes ({@code cpu=600,gres/gpu=120}) over all the
 * usage of the group (GrpTRESMins) or for one job (MaxTRESMins: TRES count times its time limit), and the wall
 * time all the group's jobs may use (GrpWall). An absent entry is no limit.
 */
public record MinutesLimits(Map<String, Long> grpTresMins, Map<String, Long> maxTresMinsPerJob,
        Optional<Duration> grpWall) {

    public static final MinutesLimits NONE = new MinutesLimits(Map.of(), Map.of(), Optional.empty());

    public MinutesLimits {
        grpTresMins = Map.copyOf(grpTresMins);
        maxTresMinsPerJob = Map.copyOf(maxTresMinsPerJob);
        requireNonNull(grpWall, "grpWall is null");
    }
}
