package io.jslurm.sched.limits;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

/**
 * Jobs and TRES in use per QOS, per user within a QOS, and per association (an association counts every job of
 * its subtree). One pass owns one instance and adds its own starts, so a pass cannot overshoot a limit.
 */
public final class LimitUsage {

    private record Tally(int jobs, Map<String, Long> tres) {
        Tally plus(LimitedJob job) {
            Map<String, Long> sum = new HashMap<>(tres);
            job.tres().forEach((name, amount) -> sum.merge(name, amount, Long::sum));
            return new Tally(jobs + 1, sum);
        }
    }

    private static final Tally NONE = new Tally(0, Map.of());

    private final Map<String, Tally> byQos = new HashMap<>();
    private final Map<String, Tally> byQosUser = new HashMap<>();
    private final Map<Long, Tally> byAssoc = new HashMap<>();
    private final Map<Long, Tally> byOwnAssoc = new HashMap<>();

    public static LimitUsage of(Collection<LimitedJob> jobs) {
        LimitUsage usage = new LimitUsage();
        jobs.forEach(usage::add);
        return usage;
    }

    public void add(LimitedJob job) {
        byQos.merge(job.qos(), NONE.plus(job), LimitUsage::sum);
        byQosUser.merge(qosUser(job.qos(), job.user()), NONE.plus(job), LimitUsage::sum);
        byOwnAssoc.merge(job.assoc(), NONE.plus(job), LimitUsage::sum);
        for (long assoc : job.assocChain()) {
            byAssoc.merge(assoc, NONE.plus(job), LimitUsage::sum);
        }
    }

    private static Tally sum(Tally a, Tally b) {
        Map<String, Long> tres = new HashMap<>(a.tres());
        b.tres().forEach((name, amount) -> tres.merge(name, amount, Long::sum));
        return new Tally(a.jobs() + b.jobs(), tres);
    }

    public int qosJobs(String qos) {
        return byQos.getOrDefault(qos, NONE).jobs();
    }

    public long qosTres(String qos, String tres) {
        return byQos.getOrDefault(qos, NONE).tres().getOrDefault(tres, 0L);
    }

    public int qosUserJobs(String qos, String user) {
        return byQosUser.getOrDefault(qosUser(qos, user), NONE).jobs();
    }

    public long qosUserTres(String qos, String user, String tres) {
        return byQosUser.getOrDefault(qosUser(qos, user), NONE).tres().getOrDefault(tres, 0L);
    }

    /** Jobs of the association and everything below it. */
    public int assocJobs(long assoc) {
        return byAssoc.getOrDefault(assoc, NONE).jobs();
    }

    public long assocTres(long assoc, String tres) {
        return byAssoc.getOrDefault(assoc, NONE).tres().getOrDefault(tres, 0L);
    }

    /** Jobs submitted through exactly this association (MaxJobs counts these). */
    public int ownAssocJobs(long assoc) {
        return byOwnAssoc.getOrDefault(assoc, NONE).jobs();
    }

    private static String qosUser(String qos, String user) {
        return qos + '\u0000' + user;
    }
}
