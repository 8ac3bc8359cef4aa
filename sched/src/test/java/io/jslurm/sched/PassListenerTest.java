package io.jslurm.sched;

import static io.jslurm.sched.testing.JobBuilder.job;
import static io.jslurm.sched.testing.Scenario.seedCluster;
import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.sched.plan.Plan;
import io.jslurm.sched.testing.Scenario;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a pass tells its listener (the controller times the phases from it for sdiag). */
class PassListenerTest {

    private final List<String> heard = new ArrayList<>();

    private final PassListener listener = new PassListener() {
        @Override
        public void mainPassDone(int depth, int queueLength) {
            heard.add("main " + depth + "/" + queueLength);
        }

        @Override
        public void backfillDone(int depth, int queueLength) {
            heard.add("backfill " + depth + "/" + queueLength);
        }
    };

    private Plan schedule(Scenario scenario) {
        return Scheduler.schedule(scenario.snapshot(), scenario.jobs(), scenario.now(), scenario.params(), listener);
    }

    @Test
    void mainPassThenBackfillWithTheJobsEachLookedAt() {
        Plan plan = schedule(seedCluster().queue(job(1).partition("gpu").gpus(2), job(2).partition("gpu").gpus(2),
                job(3).partition("gpu").nodes(40).gpusPerNode(8)));
        assertThat(plan.starts()).hasSize(2);
        // A job larger than its partition never enters the queue; the main pass tries the other two and starts
        // both, so backfill has nothing left to try.
        assertThat(heard).containsExactly("main 2/2", "backfill 0/2");
    }

    @Test
    void withoutBackfillOnlyTheMainPassIsReported() {
        Plan plan = schedule(seedCluster().noBackfill().queue(job(1).partition("gpu").gpus(2)));
        assertThat(plan.starts()).hasSize(1);
        assertThat(heard).containsExactly("main 1/1");
    }

    @Test
    void theSameInputsGiveTheSamePlanWithOrWithoutAListener() {
        Scenario scenario = seedCluster().queue(job(1).partition("gpu").gpus(2), job(2).partition("gpu").gpus(8));
        assertThat(schedule(scenario)).isEqualTo(scenario.schedule());
    }
}
