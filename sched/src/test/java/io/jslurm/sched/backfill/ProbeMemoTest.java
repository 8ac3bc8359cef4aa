package io.jslurm.sched.backfill;

import static io.jslurm.sched.testing.JobBuilder.job;
import static io.jslurm.sched.testing.NodeBuilder.node;
import static io.jslurm.sched.testing.Scenario.NOW;
import static io.jslurm.sched.testing.Scenario.scenario;
import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.sched.model.ClusterSnapshot;
import io.jslurm.sched.select.FitProbe;
import io.jslurm.sched.select.NodeFree;
import io.jslurm.sched.select.ResourceFit;
import io.jslurm.sched.testing.JobBuilder;
import io.jslurm.sched.testing.Scenario;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The memo must give what the probe counts on the view asked about, whichever of its kept views that is: random
 * timelines of the node of {@link NodeTimelineTest} are looked at over a few stretches in turn (so that views come
 * back, as for jobs of a few lengths), while holds change the timelines and with them views kept under the same
 * object.
 */
class ProbeMemoTest {

    /** Shapes whose counts follow every core or GPU a hold takes, so that a stale count shows. */
    private static final List<JobBuilder> SHAPES = List.of(
            job(1).ntasks(16),
            job(2).ntasks(8).cpusPerTask(2).memGiB(8),
            job(3).ntasks(1).gpus(2),
            job(4).ntasks(4).gpusPerTask(1));

    @Test
    void countsAreTheProbesOnTheViewAskedAboutWhileViewsComeBackAndTimelinesChange() {
        Scenario scenario = scenario().nodes(node("n1").sockets(2).coresPerSocket(8).memGiB(64).gpus(4, "a100"));
        ClusterSnapshot snapshot = scenario.snapshot();
        ResourceFit fit = new ResourceFit(scenario.params().select());
        Random random = new Random(11);
        int looked = 0;
        for (int round = 0; round < 200; round++) {
            List<NodeTimeline> timelines = new ArrayList<>();
            for (int node = 0; node < 6; node++) {
                timelines.add(NodeTimelineTest.randomTimeline(random));
            }
            FitProbe probe = fit.probe(SHAPES.get(random.nextInt(SHAPES.size())).request(),
                    snapshot.partitions().get(0));
            ProbeMemo memo = new ProbeMemo(timelines.size());
            List<Duration> lengths = List.of(Duration.ofMinutes(1 + random.nextInt(100)),
                    Duration.ofMinutes(100 + random.nextInt(200)), Duration.ofMinutes(300 + random.nextInt(200)));
            for (int ask = 0; ask < 60; ask++) {
                int node = random.nextInt(timelines.size());
                NodeTimeline timeline = timelines.get(node);
                Instant from = random.nextInt(3) == 0 ? NOW.plus(Duration.ofMinutes(random.nextInt(60))) : NOW;
                NodeFree view = timeline.freeDuring(from, from.plus(lengths.get(random.nextInt(lengths.size()))));
                memo.see(node, view, timeline.version(), probe);
                int tasks = probe.tasks(view);
                assertThat(memo.tasks(node)).as("round %d, ask %d: tasks", round, ask).isEqualTo(tasks);
                assertThat(memo.gpus(node)).as("round %d, ask %d: GPUs", round, ask)
                        .isEqualTo(tasks > 0 ? probe.gpus(view) : 0);
                looked++;
                if (random.nextInt(8) == 0) {
                    NodeTimelineTest.hold(random, timeline); // its first segment changes in place: same object
                }
            }
        }
        assertThat(looked).isEqualTo(200 * 60);
    }
}
