package io.jslurm.sched.limits;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.sched.plan.PendingReason;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Supplier;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * The accounting policy per limit: under the limit the job may run, at it the job waits with Slurm's reason, and
 * the QOS's limit replaces the association's of the same kind. Tree: root(1) > ml(2) > alice(3), bob(4);
 * root > physics(5) > carol(6).
 */
class LimitCheckTest {

    static final long ROOT = 1;
    static final long ML = 2;
    static final long ALICE = 3;
    static final long BOB = 4;
    static final long PHYSICS = 5;
    static final long CAROL = 6;

    private final Map<String, QosLimits> qos = new HashMap<>();
    private final Map<Long, AssocLimits> assocs = new HashMap<>();
    private final List<LimitedJob> running = new ArrayList<>();

    LimitCheckTest() {
        seed(qos, assocs);
        assocs.put(PHYSICS, AssocLimits.unlimited(PHYSICS, "physics", ""));
        assocs.put(CAROL, AssocLimits.unlimited(CAROL, "physics", "carol"));
    }

    /** QOS normal and the ml part of the tree, nothing limited. */
    static void seed(Map<String, QosLimits> qos, Map<Long, AssocLimits> assocs) {
        qos.put("normal", QosLimits.unlimited("normal", 0));
        assocs.put(ROOT, AssocLimits.unlimited(ROOT, "root", ""));
        assocs.put(ML, AssocLimits.unlimited(ML, "ml", ""));
        assocs.put(ALICE, AssocLimits.unlimited(ALICE, "ml", "alice"));
        assocs.put(BOB, AssocLimits.unlimited(BOB, "ml", "bob"));
    }

    static LimitedJob alice(String qos, Map<String, Long> tres) {
        return new LimitedJob("alice", qos, List.of(ALICE, ML, ROOT), tres, Optional.empty());
    }

    static LimitedJob bob(String qos, Map<String, Long> tres) {
        return new LimitedJob("bob", qos, List.of(BOB, ML, ROOT), tres, Optional.empty());
    }

    static LimitedJob carol(String qos, Map<String, Long> tres) {
        return new LimitedJob("carol", qos, List.of(CAROL, PHYSICS, ROOT), tres, Optional.empty());
    }

    static LimitedJob timed(LimitedJob job, Duration time) {
        return new LimitedJob(job.user(), job.qos(), job.assocChain(), job.tres(), Optional.of(time));
    }

    static Map<String, Long> gpus(long n) {
        return Map.of("cpu", 1L, "node", 1L, "gres/gpu", n);
    }

    static Map<String, Long> cpus(long n) {
        return Map.of("cpu", n, "node", 1L);
    }

    AccountingPolicy policy() {
        return new AccountingPolicy(qos, assocs, true);
    }

    Optional<PendingReason> runnable(LimitedJob job) {
        return LimitCheck.runnable(job, policy(), LimitUsage.of(running)).map(LimitViolation::reason);
    }

    static QosLimits qosWith(String name, QosSettings s) {
        return new QosLimits(name, 0, s.deny, s.grpTres, s.grpJobs, s.grpSubmit, s.maxJobsPu, s.maxSubmitPu,
                s.maxTresPj, s.maxTresPu, s.maxWall);
    }

    /** Mutable settings for building a QOS in a test. */
    static final class QosSettings {
        boolean deny;
        Map<String, Long> grpTres = Map.of();
        OptionalInt grpJobs = OptionalInt.empty();
        OptionalInt grpSubmit = OptionalInt.empty();
        OptionalInt maxJobsPu = OptionalInt.empty();
        OptionalInt maxSubmitPu = OptionalInt.empty();
        Map<String, Long> maxTresPj = Map.of();
        Map<String, Long> maxTresPu = Map.of();
        Optional<Duration> maxWall = Optional.empty();
    }

    static AssocLimits assocWith(AssocLimits base, AssocSettings s) {
        return new AssocLimits(base.id(), base.account(), base.user(), s.grpTres, s.grpJobs, s.grpSubmit, s.maxJobs,
                s.maxSubmit, s.maxTres, s.maxWall);
    }

    static final class AssocSettings {
        Map<String, Long> grpTres = Map.of();
        OptionalInt grpJobs = OptionalInt.empty();
        OptionalInt grpSubmit = OptionalInt.empty();
        OptionalInt maxJobs = OptionalInt.empty();
        OptionalInt maxSubmit = OptionalInt.empty();
        Map<String, Long> maxTres = Map.of();
        Optional<Duration> maxWall = Optional.empty();
    }

    @Nested
    class SeedQos {

        /** The seed's normal-train: Priority=10 MaxTRESPerUser=gres/gpu=32 MaxJobsPerUser=10. */
        @org.junit.jupiter.api.BeforeEach
        void normalTrain() {
            QosSettings s = new QosSettings();
            s.maxTresPu = Map.of("gres/gpu", 32L);
            s.maxJobsPu = OptionalInt.of(10);
            qos.put("normal-train", qosWith("normal-train", s));
        }

        @Test
        void gpusUpToMaxTresPerUserRunAndTheNextWaitsWithQosMaxGresPerUser() {
            running.add(alice("normal-train", gpus(16)));
            running.add(alice("normal-train", gpus(8)));

            assertThat(runnable(alice("normal-train", gpus(8)))).isEmpty();
            running.add(alice("normal-train", gpus(8)));
            assertThat(runnable(alice("normal-train", gpus(1)))).contains(PendingReason.QOS_MAX_GRES_PER_USER);
            assertThat(PendingReason.QOS_MAX_GRES_PER_USER.slurmName()).isEqualTo("QOSMaxGRESPerUser");
        }

        @Test
        void theLimitIsPerUserAndPerQos() {
            running.add(alice("normal-train", gpus(32)));

            assertThat(runnable(bob("normal-train", gpus(32)))).isEmpty();
            assertThat(runnable(alice("normal", gpus(32)))).isEmpty();
        }

        @Test
        void aJobWithoutGpusIsNotHeldByTheGpuLimit() {
            running.add(alice("normal-train", gpus(32)));

            assertThat(runnable(alice("normal-train", cpus(4)))).isEmpty();
        }

        @Test
        void aSingleJobAboveTheLimitWaits() {
            assertThat(runnable(alice("normal-train", gpus(33)))).contains(PendingReason.QOS_MAX_GRES_PER_USER);
        }

        @Test
        void tenJobsPerUserRunAndTheEleventhWaitsWithQosMaxJobsPerUserLimit() {
            for (int i = 0; i < 9; i++) {
                running.add(alice("normal-train", cpus(1)));
            }
            assertThat(runnable(alice("normal-train", cpus(1)))).isEmpty();
            running.add(alice("normal-train", cpus(1)));
            assertThat(runnable(alice("normal-train", cpus(1)))).contains(PendingReason.QOS_MAX_JOBS_PER_USER);
            assertThat(runnable(bob("normal-train", cpus(1)))).isEmpty();
            assertThat(PendingReason.QOS_MAX_JOBS_PER_USER.slurmName()).isEqualTo("QOSMaxJobsPerUserLimit");
        }

        @Test
        void limitsAreNotCheckedWhenNotEnforced() {
            running.add(alice("normal-train", gpus(32)));
            AccountingPolicy notEnforced = new AccountingPolicy(qos, assocs, false);

            assertThat(LimitCheck.runnable(alice("normal-train", gpus(1)), notEnforced, LimitUsage.of(running)))
                    .isEmpty();
        }
    }

    @Nested
    class QosLimitsByKind {

        @Test
        void maxWallDurationPerJob() {
            QosSettings s = new QosSettings();
            s.maxWall = Optional.of(Duration.ofDays(7));
            qos.put("priority-train", qosWith("priority-train", s));

            assertThat(runnable(timed(alice("priority-train", gpus(1)), Duration.ofDays(7)))).isEmpty();
            assertThat(runnable(timed(alice("priority-train", gpus(1)), Duration.ofDays(7).plusMinutes(1))))
                    .contains(PendingReason.QOS_MAX_WALL_PER_JOB);
            assertThat(runnable(alice("priority-train", gpus(1)))).as("no --time given").isEmpty();
            assertThat(PendingReason.QOS_MAX_WALL_PER_JOB.slurmName()).isEqualTo("QOSMaxWallDurationPerJobLimit");
        }

        @Test
        void maxTresPerJobNamesTheTres() {
            QosSettings s = new QosSettings();
            s.maxTresPj = Map.of("cpu", 8L, "gres/gpu", 4L, "mem", 1024L, "node", 2L);
            qos.put("q", qosWith("q", s));

            assertThat(runnable(alice("q", Map.of("cpu", 8L, "gres/gpu", 4L, "mem", 1024L, "node", 2L)))).isEmpty();
            assertThat(runnable(alice("q", Map.of("cpu", 9L)))).contains(PendingReason.QOS_MAX_CPU_PER_JOB);
            assertThat(runnable(alice("q", Map.of("gres/gpu", 5L)))).contains(PendingReason.QOS_MAX_GRES_PER_JOB);
            assertThat(runnable(alice("q", Map.of("mem", 1025L)))).contains(PendingReason.QOS_MAX_MEM_PER_JOB);
            assertThat(runnable(alice("q", Map.of("node", 3L)))).contains(PendingReason.QOS_MAX_NODE_PER_JOB);
        }

        @Test
        void grpTresCountsEveryUserOfTheQos() {
            QosSettings s = new QosSettings();
            s.grpTres = Map.of("gres/gpu", 16L, "cpu", 100L);
            qos.put("q", qosWith("q", s));
            running.add(alice("q", gpus(8)));
            running.add(carol("q", gpus(4)));

            assertThat(runnable(bob("q", gpus(4)))).isEmpty();
            assertThat(runnable(bob("q", gpus(5)))).contains(PendingReason.QOS_GRP_GRES);
            assertThat(runnable(bob("q", cpus(99)))).contains(PendingReason.QOS_GRP_CPU);
        }

        @Test
        void grpJobsCountsEveryUserOfTheQos() {
            QosSettings s = new QosSettings();
            s.grpJobs = OptionalInt.of(2);
            qos.put("q", qosWith("q", s));
            running.add(alice("q", cpus(1)));

            assertThat(runnable(carol("q", cpus(1)))).isEmpty();
            running.add(bob("q", cpus(1)));
            assertThat(runnable(carol("q", cpus(1)))).contains(PendingReason.QOS_GRP_JOBS);
            assertThat(runnable(carol("normal", cpus(1)))).isEmpty();
        }

        @Test
        void maxTresPerUserForCpusAndMemory() {
            QosSettings s = new QosSettings();
            s.maxTresPu = Map.of("cpu", 4L, "mem", 2048L, "node", 1L);
            qos.put("q", qosWith("q", s));
            running.add(alice("q", Map.of("cpu", 3L, "mem", 2048L, "node", 1L)));

            assertThat(runnable(alice("q", Map.of("cpu", 2L)))).contains(PendingReason.QOS_MAX_CPU_PER_USER);
            assertThat(runnable(alice("q", Map.of("mem", 1L)))).contains(PendingReason.QOS_MAX_MEM_PER_USER);
            assertThat(runnable(alice("q", Map.of("node", 1L)))).contains(PendingReason.QOS_MAX_NODE_PER_USER);
            assertThat(runnable(alice("q", Map.of("cpu", 1L)))).isEmpty();
        }
    }

    @Nested
    class AssociationLimits {

        @Test
        void grpTresOfAnAccountCountsAllItsUsers() {
            AssocSettings s = new AssocSettings();
            s.grpTres = Map.of("gres/gpu", 8L);
            assocs.put(ML, assocWith(assocs.get(ML), s));
            running.add(alice("normal", gpus(6)));

            assertThat(runnable(bob("normal", gpus(2)))).isEmpty();
            assertThat(runnable(bob("normal", gpus(3)))).contains(PendingReason.ASSOC_GRP_GRES);
            assertThat(runnable(carol("normal", gpus(8)))).as("another account").isEmpty();
            assertThat(PendingReason.ASSOC_GRP_GRES.slurmName()).isEqualTo("AssocGrpGRES");
        }

        @Test
        void grpTresOfRootCountsTheWholeCluster() {
            AssocSettings s = new AssocSettings();
            s.grpTres = Map.of("cpu", 10L);
            assocs.put(ROOT, assocWith(assocs.get(ROOT), s));
            running.add(alice("normal", cpus(6)));

            assertThat(runnable(carol("normal", cpus(5)))).contains(PendingReason.ASSOC_GRP_CPU);
            assertThat(runnable(carol("normal", cpus(4)))).isEmpty();
        }

        @Test
        void grpJobsOfAnAccount() {
            AssocSettings s = new AssocSettings();
            s.grpJobs = OptionalInt.of(2);
            assocs.put(ML, assocWith(assocs.get(ML), s));
            running.add(alice("normal", cpus(1)));
            running.add(bob("normal", cpus(1)));

            assertThat(runnable(alice("normal", cpus(1)))).contains(PendingReason.ASSOC_GRP_JOBS);
            assertThat(runnable(carol("normal", cpus(1)))).isEmpty();
            assertThat(PendingReason.ASSOC_GRP_JOBS.slurmName()).isEqualTo("AssocGrpJobsLimit");
        }

        @Test
        void maxJobsSetOnTheAccountHoldsForEachUserOnItsOwn() {
            AssocSettings s = new AssocSettings();
            s.maxJobs = OptionalInt.of(1);
            assocs.put(ML, assocWith(assocs.get(ML), s));
            running.add(alice("normal", cpus(1)));

            assertThat(runnable(alice("normal", cpus(1)))).contains(PendingReason.ASSOC_MAX_JOBS);
            assertThat(runnable(bob("normal", cpus(1)))).isEmpty();
            assertThat(PendingReason.ASSOC_MAX_JOBS.slurmName()).isEqualTo("AssocMaxJobsLimit");
        }

        @Test
        void theUsersOwnMaxJobsReplacesTheInheritedOne() {
            AssocSettings account = new AssocSettings();
            account.maxJobs = OptionalInt.of(1);
            assocs.put(ML, assocWith(assocs.get(ML), account));
            AssocSettings user = new AssocSettings();
            user.maxJobs = OptionalInt.of(3);
            assocs.put(ALICE, assocWith(assocs.get(ALICE), user));
            running.add(alice("normal", cpus(1)));
            running.add(alice("normal", cpus(1)));

            assertThat(runnable(alice("normal", cpus(1)))).isEmpty();
            running.add(alice("normal", cpus(1)));
            assertThat(runnable(alice("normal", cpus(1)))).contains(PendingReason.ASSOC_MAX_JOBS);
        }

        @Test
        void maxTresAndMaxWallPerJob() {
            AssocSettings s = new AssocSettings();
            s.maxTres = Map.of("gres/gpu", 2L, "cpu", 16L);
            s.maxWall = Optional.of(Duration.ofHours(1));
            assocs.put(ML, assocWith(assocs.get(ML), s));

            assertThat(runnable(alice("normal", gpus(3)))).contains(PendingReason.ASSOC_MAX_GRES_PER_JOB);
            assertThat(runnable(alice("normal", cpus(17)))).contains(PendingReason.ASSOC_MAX_CPU_PER_JOB);
            assertThat(runnable(timed(alice("normal", gpus(1)), Duration.ofMinutes(61))))
                    .contains(PendingReason.ASSOC_MAX_WALL_PER_JOB);
            assertThat(runnable(timed(alice("normal", gpus(2)), Duration.ofMinutes(60)))).isEmpty();
            assertThat(runnable(carol("normal", gpus(8)))).isEmpty();
        }

        @Test
        void aQosLimitOfTheSameKindReplacesTheAssociations() {
            AssocSettings s = new AssocSettings();
            s.grpTres = Map.of("gres/gpu", 4L);
            s.maxWall = Optional.of(Duration.ofHours(1));
            s.maxJobs = OptionalInt.of(1);
            assocs.put(ML, assocWith(assocs.get(ML), s));
            QosSettings q = new QosSettings();
            q.grpTres = Map.of("gres/gpu", 64L);
            q.maxWall = Optional.of(Duration.ofDays(2));
            q.maxJobsPu = OptionalInt.of(5);
            qos.put("big", qosWith("big", q));
            running.add(alice("big", gpus(4)));

            LimitedJob job = timed(alice("big", gpus(8)), Duration.ofDays(1));
            assertThat(runnable(job)).isEmpty();
            assertThat(runnable(timed(alice("normal", gpus(1)), Duration.ofMinutes(30))))
                    .as("without the QOS, the association's limits hold")
                    .contains(PendingReason.ASSOC_MAX_JOBS);
        }
    }

    @Nested
    class AtSubmit {

        @Test
        void maxSubmitJobsPerUserOfTheQos() {
            QosSettings s = new QosSettings();
            s.maxSubmitPu = OptionalInt.of(2);
            qos.put("q", qosWith("q", s));
            List<LimitedJob> submitted = List.of(alice("q", cpus(1)), alice("q", cpus(1)));

            assertThat(LimitCheck.submittable(alice("q", cpus(1)), policy(), LimitUsage.of(submitted))).isPresent();
            assertThat(LimitCheck.submittable(bob("q", cpus(1)), policy(), LimitUsage.of(submitted))).isEmpty();
        }

        @Test
        void theSubmittedJobsAreCountedOnlyWhenASubmitLimitApplies() {
            int[] counted = new int[1];
            List<LimitedJob> submitted = List.of(alice("q", cpus(1)), alice("q", cpus(1)));
            Supplier<LimitUsage> usage = () -> {
                counted[0]++;
                return LimitUsage.of(submitted);
            };
            qos.put("q", qosWith("q", new QosSettings()));

            assertThat(LimitCheck.submittable(alice("q", cpus(1)), policy(), usage, 1)).isEmpty();
            assertThat(counted[0]).isZero();

            QosSettings s = new QosSettings();
            s.maxSubmitPu = OptionalInt.of(2);
            s.grpSubmit = OptionalInt.of(5);
            qos.put("q", qosWith("q", s));
            assertThat(LimitCheck.submittable(alice("q", cpus(1)), policy(), usage, 1)).isPresent();
            assertThat(counted[0]).isEqualTo(1);
        }

        @Test
        void maxSubmitJobsAndGrpSubmitJobsOfAssociations() {
            AssocSettings user = new AssocSettings();
            user.maxSubmit = OptionalInt.of(1);
            assocs.put(ALICE, assocWith(assocs.get(ALICE), user));
            AssocSettings account = new AssocSettings();
            account.grpSubmit = OptionalInt.of(3);
            assocs.put(ML, assocWith(assocs.get(ML), account));

            assertThat(LimitCheck.submittable(alice("normal", cpus(1)), policy(),
                    LimitUsage.of(List.of(alice("normal", cpus(1)))))).isPresent();
            assertThat(LimitCheck.submittable(bob("normal", cpus(1)), policy(),
                    LimitUsage.of(List.of(alice("normal", cpus(1)), bob("normal", cpus(1)))))).isEmpty();
            assertThat(LimitCheck.submittable(bob("normal", cpus(1)), policy(), LimitUsage.of(List.of(
                    alice("normal", cpus(1)), bob("normal", cpus(1)), bob("normal", cpus(1)))))).isPresent();
        }

        @Test
        void perJobLimitsRefuseAtSubmitOnlyWithDenyOnLimit() {
            QosSettings s = new QosSettings();
            s.maxWall = Optional.of(Duration.ofHours(1));
            qos.put("pend", qosWith("pend", s));
            s.deny = true;
            qos.put("deny", qosWith("deny", s));
            LimitUsage none = LimitUsage.of(List.of());

            assertThat(LimitCheck.submittable(timed(alice("pend", cpus(1)), Duration.ofHours(2)), policy(), none))
                    .isEmpty();
            assertThat(LimitCheck.submittable(timed(alice("deny", cpus(1)), Duration.ofHours(2)), policy(), none))
                    .map(LimitViolation::reason).contains(PendingReason.QOS_MAX_WALL_PER_JOB);
        }

        @Test
        void runningLimitsDoNotRefuseASubmit() {
            QosSettings s = new QosSettings();
            s.maxJobsPu = OptionalInt.of(1);
            s.maxTresPu = Map.of("gres/gpu", 1L);
            qos.put("q", qosWith("q", s));

            assertThat(LimitCheck.submittable(alice("q", gpus(1)), policy(),
                    LimitUsage.of(List.of(alice("q", gpus(1)), alice("q", gpus(1)))))).isEmpty();
        }
    }
}
