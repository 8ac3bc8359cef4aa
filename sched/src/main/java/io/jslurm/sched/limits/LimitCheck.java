package io.jslurm.sched.limits;

import io.jslurm.sched.limits.LimitReasons.Kind;
import io.jslurm.sched.plan.PendingReason;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.IntSupplier;
import java.util.function.Supplier;

/**
 * Slurm's accounting policy as pure functions. Where the job's QOS and one of its associations both set the same
 * limit (the same kind, for the same TRES), the QOS's wins and the association's is not checked, as in Slurm.
 * Grp limits of an association count its whole subtree; its Max limits are inherited by associations below that
 * leave them unset.
 */
public final class LimitCheck {

    private LimitCheck() {
    }

    /**
     * Whether the job may start now, given what runs (and what this pass already started). Empty when it may.
     */
    public static Optional<LimitViolation> runnable(LimitedJob job, AccountingPolicy policy, LimitUsage usage) {
        return runnable(job, policy, usage, UsedMinutes.NONE);
    }

    /** As {@link #runnable(LimitedJob, AccountingPolicy, LimitUsage)}, with GrpTRESMins and GrpWall against {@code used}. */
    public static Optional<LimitViolation> runnable(LimitedJob job, AccountingPolicy policy, LimitUsage usage,
                                                    UsedMinutes used) {
        if (!policy.enforceLimits()) {
            return Optional.empty();
        }
        Optional<LimitViolation> perJob = perJob(job, policy);
        if (perJob.isPresent()) {
            return perJob;
        }
        Optional<QosLimits> qos = policy.qos(job.qos());
        if (qos.isPresent()) {
            Optional<LimitViolation> v = qosUsage(job, qos.get(), usage);
            if (v.isPresent()) {
                return v;
            }
        }
        Optional<LimitViolation> assoc = assocUsage(job, qos, policy.chain(job), usage);
        return assoc.isPresent() ? assoc : MinutesCheck.group(job, qos, policy.chain(job), used);
    }

    /**
     * The time limit a job submitted without one gets, as Slurm sets it: the MaxWall in force (the QOS's, else
     * the nearest association's), shortened to what its MaxTRESMins allow for what it asks. Empty when no such
     * limit applies (the partition's DefaultTime or MaxTime then holds).
     */
    public static Optional<Duration> defaultTimeLimit(LimitedJob job, AccountingPolicy policy) {
        if (!policy.enforceLimits()) {
            return Optional.empty();
        }
        Optional<QosLimits> qos = policy.qos(job.qos());
        List<AssocLimits> chain = policy.chain(job);
        Optional<Duration> wall = qos.flatMap(QosLimits::maxWallPerJob).or(() -> inherited(chain, AssocLimits::maxWall));
        Optional<Duration> byMinutes = MinutesCheck.timeAllowed(job, qos, chain);
        if (wall.isPresent() && byMinutes.isPresent()) {
            return Optional.of(wall.get().compareTo(byMinutes.get()) <= 0 ? wall.get() : byMinutes.get());
        }
        return wall.or(() -> byMinutes);
    }

    /** The limits on a single job (MaxWall, MaxTRES per job): a job over them cannot run as it is. */
    public static Optional<LimitViolation> perJob(LimitedJob job, AccountingPolicy policy) {
        if (!policy.enforceLimits()) {
            return Optional.empty();
        }
        Optional<QosLimits> qos = policy.qos(job.qos());
        List<AssocLimits> chain = policy.chain(job);
        Optional<Duration> qosWall = qos.flatMap(QosLimits::maxWallPerJob);
        if (job.timeLimit().isPresent()) {
            Duration asked = job.timeLimit().get();
            if (qosWall.isPresent() && asked.compareTo(qosWall.get()) > 0) {
                return violation(PendingReason.QOS_MAX_WALL_PER_JOB, "time limit " + minutes(asked)
                        + " exceeds MaxWall " + minutes(qosWall.get()) + " of QOS " + job.qos());
            }
            Optional<Duration> assocWall = inherited(chain, AssocLimits::maxWall);
            if (qosWall.isEmpty() && assocWall.isPresent() && asked.compareTo(assocWall.get()) > 0) {
                return violation(PendingReason.ASSOC_MAX_WALL_PER_JOB, "time limit " + minutes(asked)
                        + " exceeds MaxWall " + minutes(assocWall.get()) + " of its association");
            }
        }
        Map<String, Long> qosMax = qos.map(QosLimits::maxTresPerJob).orElse(Map.of());
        for (Map.Entry<String, Long> limit : sorted(qosMax)) {
            long asked = job.tres().getOrDefault(limit.getKey(), 0L);
            if (asked > limit.getValue()) {
                return violation(LimitReasons.qos(Kind.MAX_PER_JOB, limit.getKey()), limit.getKey() + "=" + asked
                        + " exceeds MaxTRESPerJob " + limit.getKey() + "=" + limit.getValue() + " of QOS " + job.qos());
            }
        }
        for (AssocLimits assoc : chain) {
            for (Map.Entry<String, Long> limit : sorted(assoc.maxTresPerJob())) {
                String tres = limit.getKey();
                long asked = job.tres().getOrDefault(tres, 0L);
                if (!qosMax.containsKey(tres) && nearestSetting(chain, tres) == assoc && asked > limit.getValue()) {
                    return violation(LimitReasons.assoc(Kind.MAX_PER_JOB, tres), tres + "=" + asked
                            + " exceeds MaxTRES " + tres + "=" + limit.getValue() + " of " + assoc.displayName());
                }
            }
        }
        return MinutesCheck.perJob(job, qos, chain);
    }

    /**
     * Whether the job may be submitted: the submit-count limits (MaxSubmitJobs, GrpSubmitJobs), counted over the
     * jobs already pending or running, and with DenyOnLimit on its QOS the per-job limits too. Empty when it may.
     */
    public static Optional<LimitViolation> submittable(LimitedJob job, AccountingPolicy policy,
                                                       LimitUsage submitted) {
        return submittable(job, policy, submitted, 1);
    }

    /**
     * As {@link #submittable(LimitedJob, AccountingPolicy, LimitUsage)} for {@code jobs} alike jobs at once: each
     * task of a job array counts as a job against the submit limits, as in Slurm.
     */
    public static Optional<LimitViolation> submittable(LimitedJob job, AccountingPolicy policy,
                                                       LimitUsage submitted, int jobs) {
        return submittable(job, policy, () -> submitted, jobs);
    }

    /**
     * As {@link #submittable(LimitedJob, AccountingPolicy, LimitUsage, int)}, asking for the submitted jobs' usage
     * only when a submit limit applies to this job: counting every unfinished job per submission would make each
     * submission cost as much as the queue is long.
     */
    public static Optional<LimitViolation> submittable(LimitedJob job, AccountingPolicy policy,
                                                       Supplier<LimitUsage> usage, int jobs) {
        if (!policy.enforceLimits()) {
            return Optional.empty();
        }
        Supplier<LimitUsage> submitted = once(usage);
        Optional<QosLimits> qos = policy.qos(job.qos());
        if (qos.isPresent()) {
            QosLimits q = qos.get();
            if (wouldExceed(q.grpSubmitJobs(), () -> submitted.get().qosJobs(job.qos()), jobs)) {
                return violation(PendingReason.QOS_GRP_JOBS, "QOS " + q.name() + " has GrpSubmitJobs="
                        + q.grpSubmitJobs().getAsInt() + " jobs submitted");
            }
            if (wouldExceed(q.maxSubmitJobsPerUser(), () -> submitted.get().qosUserJobs(job.qos(), job.user()),
                    jobs)) {
                return violation(PendingReason.QOS_MAX_JOBS_PER_USER, "user " + job.user() + " has MaxSubmitJobsPerUser="
                        + q.maxSubmitJobsPerUser().getAsInt() + " jobs submitted in QOS " + q.name());
            }
            if (q.denyOnLimit()) {
                Optional<LimitViolation> perJob = perJob(job, policy);
                if (perJob.isPresent()) {
                    return perJob;
                }
            }
        }
        List<AssocLimits> chain = policy.chain(job);
        OptionalInt maxSubmit = inheritedCount(chain, AssocLimits::maxSubmitJobs);
        if (qos.map(q -> q.maxSubmitJobsPerUser().isEmpty()).orElse(true)
                && wouldExceed(maxSubmit, () -> submitted.get().ownAssocJobs(job.assoc()), jobs)) {
            return violation(PendingReason.ASSOC_MAX_JOBS, "association has MaxSubmitJobs="
                    + maxSubmit.getAsInt() + " jobs submitted");
        }
        if (qos.map(q -> q.grpSubmitJobs().isEmpty()).orElse(true)) {
            for (AssocLimits assoc : chain) {
                if (wouldExceed(assoc.grpSubmitJobs(), () -> submitted.get().assocJobs(assoc.id()), jobs)) {
                    return violation(PendingReason.ASSOC_GRP_JOBS, assoc.displayName() + " has GrpSubmitJobs="
                            + assoc.grpSubmitJobs().getAsInt() + " jobs submitted");
                }
            }
        }
        return Optional.empty();
    }

    private static Optional<LimitViolation> qosUsage(LimitedJob job, QosLimits q, LimitUsage usage) {
        if (over(q.grpJobs(), usage.qosJobs(q.name()))) {
            return violation(PendingReason.QOS_GRP_JOBS, "QOS " + q.name() + " runs its GrpJobs="
                    + q.grpJobs().getAsInt() + " jobs");
        }
        if (over(q.maxJobsPerUser(), usage.qosUserJobs(q.name(), job.user()))) {
            return violation(PendingReason.QOS_MAX_JOBS_PER_USER, "user " + job.user() + " runs MaxJobsPerUser="
                    + q.maxJobsPerUser().getAsInt() + " jobs in QOS " + q.name());
        }
        for (Map.Entry<String, Long> limit : sorted(q.grpTres())) {
            String tres = limit.getKey();
            long inUse = usage.qosTres(q.name(), tres);
            if (exceeds(job, tres, inUse, limit.getValue())) {
                return violation(LimitReasons.qos(Kind.GRP, tres), "QOS " + q.name() + " uses " + tres + "=" + inUse
                        + " of GrpTRES " + tres + "=" + limit.getValue());
            }
        }
        for (Map.Entry<String, Long> limit : sorted(q.maxTresPerUser())) {
            String tres = limit.getKey();
            long inUse = usage.qosUserTres(q.name(), job.user(), tres);
            if (exceeds(job, tres, inUse, limit.getValue())) {
                return violation(LimitReasons.qos(Kind.MAX_PER_USER, tres), "user " + job.user() + " uses " + tres
                        + "=" + inUse + " of MaxTRESPerUser " + tres + "=" + limit.getValue() + " in QOS " + q.name());
            }
        }
        return Optional.empty();
    }

    private static Optional<LimitViolation> assocUsage(LimitedJob job, Optional<QosLimits> qos,
                                                       List<AssocLimits> chain, LimitUsage usage) {
        OptionalInt maxJobs = inheritedCount(chain, AssocLimits::maxJobs);
        if (qos.map(q -> q.maxJobsPerUser().isEmpty()).orElse(true)
                && over(maxJobs, usage.ownAssocJobs(job.assoc()))) {
            return violation(PendingReason.ASSOC_MAX_JOBS, "association runs its MaxJobs=" + maxJobs.getAsInt()
                    + " jobs");
        }
        Map<String, Long> qosGrp = qos.map(QosLimits::grpTres).orElse(Map.of());
        boolean qosGrpJobs = qos.map(q -> q.grpJobs().isPresent()).orElse(false);
        for (AssocLimits assoc : chain) {
            if (!qosGrpJobs && over(assoc.grpJobs(), usage.assocJobs(assoc.id()))) {
                return violation(PendingReason.ASSOC_GRP_JOBS, assoc.displayName() + " runs its GrpJobs="
                        + assoc.grpJobs().getAsInt() + " jobs");
            }
            for (Map.Entry<String, Long> limit : sorted(assoc.grpTres())) {
                String tres = limit.getKey();
                long inUse = usage.assocTres(assoc.id(), tres);
                if (!qosGrp.containsKey(tres) && exceeds(job, tres, inUse, limit.getValue())) {
                    return violation(LimitReasons.assoc(Kind.GRP, tres), assoc.displayName() + " uses " + tres + "="
                            + inUse + " of GrpTRES " + tres + "=" + limit.getValue());
                }
            }
        }
        return Optional.empty();
    }

    /** Adding one more job would go beyond the limit. */
    private static boolean over(OptionalInt limit, int current) {
        return over(limit, current, 1);
    }

    /** As {@link #over(OptionalInt, int, int)}, counting only when there is a limit. */
    private static boolean wouldExceed(OptionalInt limit, IntSupplier current, int more) {
        return limit.isPresent() && over(limit, current.getAsInt(), more);
    }

    /** Adding {@code more} jobs would go beyond the limit. */
    private static boolean over(OptionalInt limit, int current, int more) {
        return limit.isPresent() && (long) current + more > limit.getAsInt();
    }

    /** Only TRES the job asks for count: a job without GPUs is not held back by a GPU limit others filled. */
    private static boolean exceeds(LimitedJob job, String tres, long inUse, long limit) {
        long asked = job.tres().getOrDefault(tres, 0L);
        return asked > 0 && inUse + asked > limit;
    }

    private static <T> Optional<T> inherited(List<AssocLimits> chain, Function<AssocLimits, Optional<T>> limit) {
        for (AssocLimits assoc : chain) {
            Optional<T> value = limit.apply(assoc);
            if (value.isPresent()) {
                return value;
            }
        }
        return Optional.empty();
    }

    private static OptionalInt inheritedCount(List<AssocLimits> chain, Function<AssocLimits, OptionalInt> limit) {
        for (AssocLimits assoc : chain) {
            OptionalInt value = limit.apply(assoc);
            if (value.isPresent()) {
                return value;
            }
        }
        return OptionalInt.empty();
    }

    /** The association nearest the job that sets a MaxTRES for this TRES: the one whose value holds. */
    private static AssocLimits nearestSetting(List<AssocLimits> chain, String tres) {
        for (AssocLimits assoc : chain) {
            if (assoc.maxTresPerJob().containsKey(tres)) {
                return assoc;
            }
        }
        return null;
    }

    /** Checked in name order, so that the same job always gets the same reason. */
    private static List<Map.Entry<String, Long>> sorted(Map<String, Long> tres) {
        return List.copyOf(new TreeMap<>(tres).entrySet());
    }

    private static Optional<LimitViolation> violation(PendingReason reason, String detail) {
        return Optional.of(new LimitViolation(reason, detail));
    }

    private static String minutes(Duration d) {
        return d.toMinutes() + " min";
    }

    private static Supplier<LimitUsage> once(Supplier<LimitUsage> usage) {
        LimitUsage[] computed = new LimitUsage[1];
        return () -> {
            if (computed[0] == null) {
                computed[0] = usage.get();
            }
            return computed[0];
        };
    }
}
