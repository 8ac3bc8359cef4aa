package io.jslurm.sched;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.sched.model.ClusterSnapshot;
import io.jslurm.sched.model.RunningJob;
import io.jslurm.sched.plan.PendingStatus;
import io.jslurm.sched.select.FitResult;
import io.jslurm.sched.select.ResourceFit;
import io.jslurm.sched.testing.RandomCluster;
import io.jslurm.sched.testing.Scenario;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The main pass's kept fits answer as the whole fit over the free resources does, rejection counts included, while
 * jobs start (as the pass starts them) and after resources come back (as a preemption gives them back).
 */
class MainFitsTest {

    @Test
    void answersAsTheWholeFitWhileJobsStartAndResourcesComeBack() {
        int fits = 0;
        int found = 0;
        for (long seed = 1; seed <= 40; seed++) {
            Scenario scenario = new RandomCluster(seed).scenario(24, 80);
            ClusterSnapshot snapshot = scenario.snapshot();
            Map<Long, PendingStatus> statuses = new HashMap<>();
            List<QueueEntry> queue = JobQueue.build(snapshot, scenario.jobs(), scenario.now(), statuses);
            ResourceFit fit = new ResourceFit(scenario.params().select());
            PassState state = new PassState(snapshot, scenario.now(), fit, statuses);
            MainFits kept = new MainFits(state);
            List<RunningJob> running = snapshot.running();
            int released = 0;
            for (QueueEntry entry : queue) {
                FitResult expected = fit.fit(entry.job().request(), entry.partition(), state.free());
                assertThat(kept.fit(entry.job().request(), entry.partition()))
                        .as("seed %d job %d: %s", seed, entry.jobId(), entry.job().request()).isEqualTo(expected);
                fits++;
                if (expected instanceof FitResult.Fit start) {
                    found++;
                    state.start(entry, start.allocation(), false);
                }
                if (entry.jobId() % 10 == 0 && released < running.size()) {
                    // A running job's resources come back, as a preemption hands them over.
                    state.free().release(running.get(released++).allocation());
                    kept.reset();
                }
            }
        }
        assertThat(fits).isGreaterThan(2000);
        assertThat(found).isBetween(fits / 10, fits - fits / 10); // both answers are exercised
    }
}
