package io.jslurm.sched.limits;

import io.jslurm.sched.limits.LimitReasons.Kind;
import io.jslurm.sched.plan.PendingReason;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The time-weighted limits: MaxTRESMins (a job's TRES count times its time limit), GrpTRESMins (what the group
 * used so far plus what the job could use) and GrpWall. As with the other limits a QOS's setting replaces the
 * association's for the same TRES, an association's Max setting is inherited by those below that leave it unset,
 * and, as Slurm's sacctmgr says, Grp limits set on the root association are not enforced.
 */
final class MinutesCheck {

    private MinutesCheck() {
    }

    /** MaxTRESMins of the QOS, else of the nearest association setting it, for each TRES. */
    static Optional<LimitViolation> perJob(LimitedJob job, Optional<QosLimits> qos, List<AssocLimits> chain) {
        if (job.timeLimit().isEmpty()) {
            return Optional.empty();
        }
        double minutes = minutes(job.timeLimit().get());
        Map<String, Long> qosMax = qos.map(q -> q.minutes().maxTresMinsPerJob()).orElse(Map.of());
        for (Map.Entry<String, Long> limit : new TreeMap<>(qosMax).entrySet()) {
            double asked = job.tres().getOrDefault(limit.getKey(), 0L) * minutes;
            if (asked > limit.getValue()) {
                return violation(LimitReasons.qos(Kind.MAX_MINS_PER_JOB, limit.getKey()), limit.getKey()
                        + " minutes " + (long) Math.ceil(asked) + " exceed MaxTRESMins " + limit.getKey() + "="
                        + limit.getValue() + " of QOS " + job.qos());
            }
        }
        for (Map.Entry<String, Long> limit : new TreeMap<>(inheritedMax(chain)).entrySet()) {
            double asked = job.tres().getOrDefault(limit.getKey(), 0L) * minutes;
            if (!qosMax.containsKey(limit.getKey()) && asked > limit.getValue()) {
                return violation(LimitReasons.assoc(Kind.MAX_MINS_PER_JOB, limit.getKey()), limit.getKey()
                        + " minutes " + (long) Math.ceil(asked) + " exceed MaxTRESMins " + limit.getKey() + "="
                        + limit.getValue() + " of its association");
            }
        }
        return Optional.empty();
    }

    /**
     * GrpTRESMins and GrpWall: the group's usage so far plus what this job could add (its TRES times its time
     * limit) must stay within the limit; a group already at its limit starts nothing that uses the TRES.
     */
    static Optional<LimitViolation> group(LimitedJob job, Optional<QosLimits> qos, List<AssocLimits> chain,
                                          UsedMinutes used) {
        double minutes = job.timeLimit().map(MinutesCheck::minutes).orElse(0.0);
        Map<String, Long> qosGrp = qos.map(q -> q.minutes().grpTresMins()).orElse(Map.of());
        for (Map.Entry<String, Long> limit : new TreeMap<>(qosGrp).entrySet()) {
            String tres = limit.getKey();
            double sofar = used.qosTresMinutes(job.qos(), tres);
            if (exceeds(job.tres().getOrDefault(tres, 0L), minutes, sofar, limit.getValue())) {
                return violation(LimitReasons.qos(Kind.GRP_MINS, tres), "QOS " + job.qos() + " used "
                        + (long) sofar + " of GrpTRESMins " + tres + "=" + limit.getValue());
            }
        }
        Optional<Duration> qosWall = qos.flatMap(q -> q.minutes().grpWall());
        if (qosWall.isPresent() && exceeds(1, minutes, used.qosWallMinutes(job.qos()), minutes(qosWall.get()))) {
            return violation(PendingReason.QOS_GRP_WALL, "QOS " + job.qos() + " used "
                    + (long) used.qosWallMinutes(job.qos()) + " of GrpWall " + qosWall.get().toMinutes() + " min");
        }
        for (AssocLimits assoc : chain) {
            if (isRoot(assoc)) {
                continue;
            }
            for (Map.Entry<String, Long> limit : new TreeMap<>(assoc.minutes().grpTresMins()).entrySet()) {
                String tres = limit.getKey();
                double sofar = used.assocTresMinutes(assoc.id(), tres);
                if (!qosGrp.containsKey(tres)
                        && exceeds(job.tres().getOrDefault(tres, 0L), minutes, sofar, limit.getValue())) {
                    return violation(LimitReasons.assoc(Kind.GRP_MINS, tres), assoc.displayName() + " used "
                            + (long) sofar + " of GrpTRESMins " + tres + "=" + limit.getValue());
                }
            }
            Optional<Duration> wall = assoc.minutes().grpWall();
            if (qosWall.isEmpty() && wall.isPresent()
                    && exceeds(1, minutes, used.assocWallMinutes(assoc.id()), minutes(wall.get()))) {
                return violation(PendingReason.ASSOC_GRP_WALL, assoc.displayName() + " used "
                        + (long) used.assocWallMinutes(assoc.id()) + " of GrpWall " + wall.get().toMinutes() + " min");
            }
        }
        return Optional.empty();
    }

    /**
     * The longest time limit the per-job TRES-minutes leave the job: for each limited TRES it asks for, the
     * limit over its count. Empty when none applies.
     */
    static Optional<Duration> timeAllowed(LimitedJob job, Optional<QosLimits> qos, List<AssocLimits> chain) {
        Map<String, Long> limits = new TreeMap<>(inheritedMax(chain));
        qos.ifPresent(q -> limits.putAll(q.minutes().maxTresMinsPerJob()));
        Optional<Duration> allowed = Optional.empty();
        for (Map.Entry<String, Long> limit : limits.entrySet()) {
            long asked = job.tres().getOrDefault(limit.getKey(), 0L);
            if (asked > 0) {
                Duration d = Duration.ofMinutes(Math.max(1, limit.getValue() / asked));
                allowed = allowed.filter(a -> a.compareTo(d) <= 0).or(() -> Optional.of(d));
            }
        }
        return allowed;
    }

    /** Only a job using the TRES is held back; one with no time limit is held only once the group is at it. */
    private static boolean exceeds(long asked, double minutes, double sofar, double limit) {
        return asked > 0 && (sofar >= limit || sofar + asked * minutes > limit);
    }

    /** For each TRES, the MaxTRESMins of the association nearest the job that sets it. */
    private static Map<String, Long> inheritedMax(List<AssocLimits> chain) {
        Map<String, Long> nearest = new TreeMap<>();
        for (AssocLimits assoc : chain) {
            assoc.minutes().maxTresMinsPerJob().forEach(nearest::putIfAbsent);
        }
        return nearest;
    }

    private static boolean isRoot(AssocLimits assoc) {
        return assoc.user().isEmpty() && assoc.account().equals("root");
    }

    private static double minutes(Duration d) {
        return d.toSeconds() / 60.0;
    }

    private static Optional<LimitViolation> violation(PendingReason reason, String detail) {
        return Optional.of(new LimitViolation(reason, detail));
    }
}
