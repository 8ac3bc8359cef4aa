package io.jslurm.sched;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.sched.model.ClusterSnapshot;
import io.jslurm.sched.model.Node;
import io.jslurm.sched.model.NodeAllocation;
import io.jslurm.sched.model.Partition;
import io.jslurm.sched.model.PendingJob;
import io.jslurm.sched.plan.JobReservation;
import io.jslurm.sched.plan.JobStart;
import io.jslurm.sched.plan.Plan;
import io.jslurm.sched.select.FreeResources;
import io.jslurm.sched.select.ResourceFit;
import io.jslurm.sched.testing.RandomCluster;
import io.jslurm.sched.testing.Scenario;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/** Properties every plan has, checked over many random clusters and queues. */
class SchedulerInvariantsTest {

    private static final int SEEDS = 150;

    @Test
    void noCoreGpuOrMemoryIsGivenTwice() {
        forEachSeed((seed, scenario, snapshot, plan) -> {
            Map<String, Node> nodes = new HashMap<>();
            snapshot.nodes().forEach(node -> nodes.put(node.name(), node));
            Map<String, Set<Integer>> cores = new HashMap<>();
            Map<String, Set<Integer>> gpus = new HashMap<>();
            Map<String, Long> memory = new HashMap<>();
            for (Node node : snapshot.nodes()) {
                cores.put(node.name(), new HashSet<>(node.allocatedCores().stream().boxed().toList()));
                gpus.put(node.name(), new HashSet<>(node.allocatedGres()));
                memory.put(node.name(), node.allocatedMemory());
            }
            for (JobStart start : plan.starts()) {
                for (NodeAllocation part : start.allocation().nodes()) {
                    Node node = nodes.get(part.node());
                    part.cores().stream().forEach(core -> assertThat(cores.get(node.name()).add(core))
                            .as("seed %d: core %d of %s given twice", seed, core, node.name()).isTrue());
                    part.gpus().forEach(gpu -> assertThat(gpus.get(node.name()).add(gpu))
                            .as("seed %d: GPU %d of %s given twice", seed, gpu, node.name()).isTrue());
                    assertThat(part.cores().stream()).as("seed %d", seed).allMatch(core -> core < node.cores());
                    long used = memory.merge(node.name(), part.memoryMib(), Long::sum);
                    assertThat(used).as("seed %d: memory of %s", seed, node.name()).isLessThanOrEqualTo(
                            node.memoryMib());
                    assertThat(node.state().schedulable()).as("seed %d: %s is not up", seed, node.name()).isTrue();
                }
            }
        });
    }

    @Test
    void everyProposedStartPassesTheControllersVerification() {
        forEachSeed((seed, scenario, snapshot, plan) -> {
            ResourceFit fit = new ResourceFit(scenario.params().select());
            FreeResources live = FreeResources.of(snapshot);
            Map<Long, PendingJob> jobs = new HashMap<>();
            scenario.jobs().forEach(job -> jobs.put(job.jobId(), job));
            for (JobStart start : plan.starts()) {
                Partition partition = snapshot.partition(start.partition()).orElseThrow();
                assertThat(fit.verify(jobs.get(start.jobId()).request(), partition, start.allocation(), live))
                        .as("seed %d: job %d", seed, start.jobId()).isEmpty();
                live.allocate(start.allocation());
            }
        });
    }

    @Test
    void backfilledStartsLeaveEveryReservationItsResources() {
        forEachSeed((seed, scenario, snapshot, plan) -> {
            Instant now = scenario.now();
            for (JobStart start : plan.starts()) {
                Instant end = start.expectedEnd().orElse(Instant.MAX);
                for (JobReservation reservation : plan.reservations()) {
                    if (reservation.expectedStart().isBefore(end) && reservation.expectedEnd().isAfter(now)) {
                        assertThat(conflicts(start, reservation))
                                .as("seed %d: job %d overlaps the reservation of job %d", seed, start.jobId(),
                                        reservation.jobId())
                                .isFalse();
                    }
                }
            }
        });
    }

    @Test
    void everyJobEitherStartsOrHasAReason() {
        forEachSeed((seed, scenario, snapshot, plan) -> {
            Set<Long> started = new HashSet<>();
            plan.starts().forEach(start -> assertThat(started.add(start.jobId())).isTrue());
            for (PendingJob job : scenario.jobs()) {
                assertThat(started.contains(job.jobId()) ^ plan.pending().containsKey(job.jobId()))
                        .as("seed %d: job %d", seed, job.jobId()).isTrue();
            }
        });
    }

    @Test
    void thePlanDependsOnlyOnTheInputsNotOnTheirOrder() {
        forEachSeed((seed, scenario, snapshot, plan) -> {
            List<PendingJob> shuffled = new ArrayList<>(scenario.jobs());
            Collections.shuffle(shuffled, new Random(seed));
            Plan again = Scheduler.schedule(snapshot, shuffled, scenario.now(), scenario.params());
            assertThat(again).as("seed %d", seed).isEqualTo(plan);
        });
    }

    private static boolean conflicts(JobStart start, JobReservation reservation) {
        for (NodeAllocation part : start.allocation().nodes()) {
            var other = reservation.allocation().on(part.node());
            if (other.isPresent() && (part.cores().intersects(other.get().cores())
                    || part.gpus().stream().anyMatch(other.get().gpus()::contains))) {
                return true;
            }
        }
        return false;
    }

    interface Check {
        void check(long seed, Scenario scenario, ClusterSnapshot snapshot, Plan plan);
    }

    private record Case(long seed, Scenario scenario, ClusterSnapshot snapshot, Plan plan) {
    }

    /** Every check looks at the same plans; computed once. */
    private static List<Case> cases;

    private static synchronized List<Case> cases() {
        if (cases == null) {
            cases = LongStream.range(0, SEEDS).mapToObj(seed -> {
                Scenario scenario = new RandomCluster(seed).scenario(4 + (int) (seed % 9), 10 + (int) (seed % 30));
                ClusterSnapshot snapshot = scenario.snapshot();
                return new Case(seed, scenario, snapshot,
                        Scheduler.schedule(snapshot, scenario.jobs(), scenario.now(), scenario.params()));
            }).toList();
        }
        return cases;
    }

    private static void forEachSeed(Check check) {
        for (Case c : cases()) {
            check.check(c.seed(), c.scenario(), c.snapshot(), c.plan());
        }
    }

    @Test
    void theRandomScenariosExerciseStartsBackfillAndReservations() {
        List<Plan> plans = cases().stream().map(Case::plan).toList();
        assertThat(plans.stream().mapToLong(p -> p.starts().size()).sum()).isGreaterThan(SEEDS);
        assertThat(plans.stream().flatMap(p -> p.starts().stream()).filter(JobStart::backfilled)).isNotEmpty();
        assertThat(plans.stream().mapToLong(p -> p.reservations().size()).sum()).isGreaterThan(SEEDS / 2);
        assertThat(plans.stream().flatMap(p -> p.pending().values().stream())
                .filter(status -> status.blockedBy().isPresent())).isNotEmpty();
    }
}
