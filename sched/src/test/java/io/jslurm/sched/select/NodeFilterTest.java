package io.jslurm.sched.select;

import static io.jslurm.sched.testing.JobBuilder.job;
import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.sched.model.Constraint;
import io.jslurm.sched.model.Partition;
import io.jslurm.sched.testing.JobBuilder;
import io.jslurm.sched.testing.RandomCluster;
import io.jslurm.sched.testing.Scenario;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;

/**
 * The node checks give, for every node and job, the verdict of the plain rule: the checks in their order (state,
 * exclusion, features, exclusivity), the first that fails decides, none failing passes.
 */
class NodeFilterTest {

    /** The plain rule, one check at a time, in order. */
    private static final List<BiFunction<JobShape, NodeFree, Optional<NodeRejection>>> PLAIN = List.of(
            (job, node) -> node.schedulable() ? Optional.empty() : Optional.of(NodeRejection.of(node.node().state())),
            (job, node) -> job.request.excludedNodes().contains(node.node().name())
                    ? Optional.of(NodeRejection.EXCLUDED) : Optional.empty(),
            (job, node) -> job.request.constraint().matches(node.node().features())
                    ? Optional.empty() : Optional.of(NodeRejection.FEATURES),
            (job, node) -> job.exclusive && !node.idle() ? Optional.of(NodeRejection.NOT_IDLE) : Optional.empty());

    private static Optional<NodeRejection> plain(JobShape job, NodeFree node) {
        return PLAIN.stream().map(check -> check.apply(job, node)).flatMap(Optional::stream).findFirst();
    }

    @Test
    void verdictsAreThePlainRulesOnRandomClusters() {
        Map<NodeRejection, Integer> seen = new EnumMap<>(NodeRejection.class);
        int passed = 0;
        for (long seed = 1; seed <= 40; seed++) {
            Scenario scenario = new RandomCluster(seed).scenario(24, 0);
            Partition partition = scenario.snapshot().partitions().get(0);
            List<NodeFree> nodes = FreeResources.of(scenario.snapshot()).nodes(partition.nodes());
            Random random = new Random(seed);
            for (int round = 0; round < 50; round++) {
                JobShape job = new JobShape(request(random, partition.nodes()).request(), partition,
                        scenario.params().select());
                for (NodeFree node : nodes) {
                    Optional<NodeRejection> expected = plain(job, node);
                    assertThat(NodeFilter.firstRejection(job, node)).as("seed %d round %d node %s", seed, round,
                            node.node().name()).isEqualTo(expected);
                    expected.ifPresentOrElse(r -> seen.merge(r, 1, Integer::sum), () -> { });
                    passed += expected.isEmpty() ? 1 : 0;
                }
            }
        }
        // Every verdict, and passing, are exercised, and nodes failing more than one check (the order) among them.
        assertThat(seen).containsKeys(NodeRejection.DRAINED, NodeRejection.DOWN, NodeRejection.EXCLUDED,
                NodeRejection.FEATURES, NodeRejection.NOT_IDLE);
        assertThat(passed).isGreaterThan(1000);
    }

    private static JobBuilder request(Random random, List<String> names) {
        JobBuilder job = job(1).ntasks(1 + random.nextInt(4)).cpusPerTask(1 + random.nextInt(4));
        if (random.nextInt(3) == 0) {
            job.exclusive();
        }
        switch (random.nextInt(5)) {
            case 0 -> job.constraint(Constraint.feature("ib"));
            case 1 -> job.constraint(Constraint.or(Constraint.feature("ib"), Constraint.feature("none")));
            case 2 -> job.constraint(Constraint.and(Constraint.feature("ib"), Constraint.feature("none")));
            default -> { }
        }
        if (random.nextInt(3) == 0) {
            // A quarter of the nodes excluded, drained and down ones among them at times.
            job.exclude(names.stream().filter(name -> random.nextInt(4) == 0).toArray(String[]::new));
        }
        return job;
    }
}
