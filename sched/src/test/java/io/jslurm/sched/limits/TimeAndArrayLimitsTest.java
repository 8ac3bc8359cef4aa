package io.jslurm.sched.limits;

import static io.jslurm.sched.limits.LimitCheckTest.ALICE;
import static io.jslurm.sched.limits.LimitCheckTest.BOB;
import static io.jslurm.sched.limits.LimitCheckTest.ML;
import static io.jslurm.sched.limits.LimitCheckTest.ROOT;
import static io.jslurm.sched.limits.LimitCheckTest.alice;
import static io.jslurm.sched.limits.LimitCheckTest.bob;
import static io.jslurm.sched.limits.LimitCheckTest.cpus;
import static io.jslurm.sched.limits.LimitCheckTest.gpus;
import static io.jslurm.sched.limits.LimitCheckTest.timed;
import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.sched.plan.PendingReason;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * The default time limit the limits give a job submitted without one, job arrays against the submit limits, and
 * the time-weighted limits (MaxTRESMins, GrpTRESMins, GrpWall).
 */
class TimeAndArrayLimitsTest {

    private final Map<String, QosLimits> qos = new HashMap<>();
    private final Map<Long, AssocLimits> assocs = new HashMap<>();

    TimeAndArrayLimitsTest() {
        LimitCheckTest.seed(qos, assocs);
    }

    private AccountingPolicy policy() {
        return new AccountingPolicy(qos, assocs, true);
    }

    private static QosLimits qosWall(String name, Duration wall, MinutesLimits minutes) {
        return new QosLimits(name, 0, false, Map.of(), OptionalInt.empty(), OptionalInt.empty(), OptionalInt.empty(),
                OptionalInt.empty(), Map.of(), Map.of(), Optional.ofNullable(wall), minutes);
    }

    private static AssocLimits assoc(AssocLimits base, OptionalInt maxSubmit, OptionalInt grpSubmit,
                                     Duration maxWall, MinutesLimits minutes) {
        return new AssocLimits(base.id(), base.account(), base.user(), Map.of(), OptionalInt.empty(), grpSubmit,
                OptionalInt.empty(), maxSubmit, Map.of(), Optional.ofNullable(maxWall), minutes);
    }

    private Optional<PendingReason> runnable(LimitedJob job, UsedMinutes used) {
        return LimitCheck.runnable(job, policy(), LimitUsage.of(List.of()), used).map(LimitViolation::reason);
    }

    @Test
    void aJobWithoutTimeGetsTheQosMaxWallOverTheAssociations() {
        qos.put("short", qosWall("short", Duration.ofMinutes(30), MinutesLimits.NONE));
        assocs.put(ML, assoc(assocs.get(ML), OptionalInt.empty(), OptionalInt.empty(), Duration.ofHours(2),
                MinutesLimits.NONE));

        assertThat(LimitCheck.defaultTimeLimit(alice("short", cpus(1)), policy())).contains(Duration.ofMinutes(30));
        assertThat(LimitCheck.defaultTimeLimit(alice("normal", cpus(1)), policy())).contains(Duration.ofHours(2));
    }

    @Test
    void noMaxWallAndNoEnforcementLeaveTheTimeLimitAlone() {
        assertThat(LimitCheck.defaultTimeLimit(alice("normal", cpus(1)), policy())).isEmpty();
        qos.put("short", qosWall("short", Duration.ofMinutes(30), MinutesLimits.NONE));
        AccountingPolicy notEnforced = new AccountingPolicy(qos, assocs, false);
        assertThat(LimitCheck.defaultTimeLimit(alice("short", cpus(1)), notEnforced)).isEmpty();
    }

    @Test
    void maxTresMinsShortensTheDefaultTimeByWhatTheJobAsks() {
        qos.put("cpumin", qosWall("cpumin", Duration.ofMinutes(60),
                new MinutesLimits(Map.of(), Map.of("cpu", 100L), Optional.empty())));

        assertThat(LimitCheck.defaultTimeLimit(alice("cpumin", cpus(4)), policy())).contains(Duration.ofMinutes(25));
        assertThat(LimitCheck.defaultTimeLimit(alice("cpumin", cpus(1)), policy())).contains(Duration.ofMinutes(60));
    }

    @Test
    void everyArrayTaskCountsAgainstMaxSubmitJobs() {
        assocs.put(ALICE, assoc(assocs.get(ALICE), OptionalInt.of(5), OptionalInt.empty(), null, MinutesLimits.NONE));
        LimitUsage none = LimitUsage.of(List.of());

        assertThat(LimitCheck.submittable(alice("normal", cpus(1)), policy(), none, 5)).isEmpty();
        assertThat(LimitCheck.submittable(alice("normal", cpus(1)), policy(), none, 10))
                .map(LimitViolation::reason).contains(PendingReason.ASSOC_MAX_JOBS);
        LimitUsage three = LimitUsage.of(List.of(alice("normal", cpus(1)), alice("normal", cpus(1)),
                alice("normal", cpus(1))));
        assertThat(LimitCheck.submittable(alice("normal", cpus(1)), policy(), three, 3)).isPresent();
        assertThat(LimitCheck.submittable(alice("normal", cpus(1)), policy(), three, 2)).isEmpty();
    }

    @Test
    void everyArrayTaskCountsAgainstGrpSubmitJobsAndMaxSubmitJobsPerUser() {
        assocs.put(ML, assoc(assocs.get(ML), OptionalInt.empty(), OptionalInt.of(4), null, MinutesLimits.NONE));
        LimitUsage bobs = LimitUsage.of(List.of(bob("normal", cpus(1))));
        assertThat(LimitCheck.submittable(alice("normal", cpus(1)), policy(), bobs, 4))
                .map(LimitViolation::reason).contains(PendingReason.ASSOC_GRP_JOBS);
        assertThat(LimitCheck.submittable(alice("normal", cpus(1)), policy(), bobs, 3)).isEmpty();

        qos.put("few", new QosLimits("few", 0, false, Map.of(), OptionalInt.empty(), OptionalInt.empty(),
                OptionalInt.empty(), OptionalInt.of(2), Map.of(), Map.of(), Optional.empty()));
        assertThat(LimitCheck.submittable(alice("few", cpus(1)), policy(), LimitUsage.of(List.of()), 3))
                .map(LimitViolation::reason).contains(PendingReason.QOS_MAX_JOBS_PER_USER);
    }

    @Test
    void aJobOverMaxTresMinsWaitsWithTheQosOrAssociationReason() {
        qos.put("cpumin", qosWall("cpumin", null, new MinutesLimits(Map.of(), Map.of("cpu", 100L), Optional.empty())));
        assertThat(runnable(timed(alice("cpumin", cpus(4)), Duration.ofMinutes(25)), UsedMinutes.NONE)).isEmpty();
        assertThat(runnable(timed(alice("cpumin", cpus(4)), Duration.ofMinutes(26)), UsedMinutes.NONE))
                .contains(PendingReason.QOS_MAX_CPU_MINS_PER_JOB);
        assertThat(PendingReason.QOS_MAX_CPU_MINS_PER_JOB.slurmName()).isEqualTo("QOSMaxCpuMinutesPerJobLimit");

        assocs.put(ML, assoc(assocs.get(ML), OptionalInt.empty(), OptionalInt.empty(), null,
                new MinutesLimits(Map.of(), Map.of("gres/gpu", 60L), Optional.empty())));
        assertThat(runnable(timed(alice("normal", gpus(2)), Duration.ofMinutes(31)), UsedMinutes.NONE))
                .contains(PendingReason.ASSOC_MAX_GRES_MINS_PER_JOB);
        assertThat(runnable(timed(alice("normal", gpus(2)), Duration.ofMinutes(30)), UsedMinutes.NONE)).isEmpty();
    }

    @Test
    void grpTresMinsCountsWhatTheGroupUsedPlusWhatTheJobCouldUse() {
        assocs.put(ML, assoc(assocs.get(ML), OptionalInt.empty(), OptionalInt.empty(), null,
                new MinutesLimits(Map.of("cpu", 1000L), Map.of(), Optional.empty())));
        UsedMinutes bobUsed = UsedMinutes.builder().add("normal", List.of(BOB, ML, ROOT), Map.of("cpu", 900.0), 900)
                .build();

        assertThat(runnable(timed(alice("normal", cpus(2)), Duration.ofMinutes(50)), bobUsed)).isEmpty();
        assertThat(runnable(timed(alice("normal", cpus(2)), Duration.ofMinutes(51)), bobUsed))
                .contains(PendingReason.ASSOC_GRP_CPU_MIN);
        assertThat(PendingReason.ASSOC_GRP_CPU_MIN.slurmName()).isEqualTo("AssocGrpCPUMinutesLimit");
        // At the limit: even a job without a time limit waits.
        UsedMinutes spent = UsedMinutes.builder().add("normal", List.of(BOB, ML, ROOT), Map.of("cpu", 1000.0), 0)
                .build();
        assertThat(runnable(alice("normal", cpus(1)), spent)).contains(PendingReason.ASSOC_GRP_CPU_MIN);
    }

    @Test
    void qosGrpTresMinsForGpusAndGrpWall() {
        qos.put("gpuq", qosWall("gpuq", null, new MinutesLimits(Map.of("gres/gpu", 120L), Map.of(), Optional.empty())));
        UsedMinutes used = UsedMinutes.builder().add("gpuq", List.of(BOB, ML, ROOT), Map.of("gres/gpu", 100.0), 50)
                .build();
        assertThat(runnable(timed(alice("gpuq", gpus(1)), Duration.ofMinutes(30)), used))
                .contains(PendingReason.QOS_GRP_GRES_MIN);
        assertThat(PendingReason.QOS_GRP_GRES_MIN.slurmName()).isEqualTo("QOSGrpGRESMinutes");
        // A job using no GPU is not held back by the GPU minutes.
        assertThat(runnable(timed(alice("gpuq", cpus(1)), Duration.ofMinutes(30)), used)).isEmpty();

        assocs.put(ML, assoc(assocs.get(ML), OptionalInt.empty(), OptionalInt.empty(), null,
                new MinutesLimits(Map.of(), Map.of(), Optional.of(Duration.ofMinutes(60)))));
        assertThat(runnable(timed(alice("normal", cpus(1)), Duration.ofMinutes(20)), used))
                .contains(PendingReason.ASSOC_GRP_WALL);
        assertThat(runnable(timed(alice("normal", cpus(1)), Duration.ofMinutes(10)), used)).isEmpty();
        assertThat(PendingReason.ASSOC_GRP_WALL.slurmName()).isEqualTo("AssocGrpWallLimit");
    }

    @Test
    void grpLimitsOnTheRootAssociationAreNotEnforced() {
        assocs.put(ROOT, assoc(assocs.get(ROOT), OptionalInt.empty(), OptionalInt.empty(), null,
                new MinutesLimits(Map.of("cpu", 10L), Map.of(), Optional.of(Duration.ofMinutes(1)))));
        UsedMinutes used = UsedMinutes.builder().add("normal", List.of(BOB, ML, ROOT), Map.of("cpu", 100.0), 100)
                .build();
        assertThat(runnable(timed(alice("normal", cpus(1)), Duration.ofMinutes(30)), used)).isEmpty();
    }
}
