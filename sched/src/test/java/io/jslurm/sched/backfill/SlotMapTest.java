package io.jslurm.sched.backfill;

import static io.jslurm.sched.testing.JobBuilder.hours;
import static io.jslurm.sched.testing.JobBuilder.job;
import static io.jslurm.sched.testing.NodeBuilder.node;
import static io.jslurm.sched.testing.Scenario.NOW;
import static io.jslurm.sched.testing.Scenario.scenario;
import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.sched.QueueEntry;
import io.jslurm.sched.model.Allocation;
import io.jslurm.sched.model.ClusterSnapshot;
import io.jslurm.sched.model.CoreSet;
import io.jslurm.sched.model.NodeAllocation;
import io.jslurm.sched.select.FreeResources;
import io.jslurm.sched.select.ResourceFit;
import io.jslurm.sched.select.SelectParams;
import io.jslurm.sched.testing.JobBuilder;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** One 8-core node; half of it is held by a job ending in two hours. */
class SlotMapTest {

    static final ResourceFit FIT = new ResourceFit(SelectParams.DEFAULT);
    static final Allocation HALF = new Allocation(List.of(new NodeAllocation("n1", 1, CoreSet.range(0, 4), 1024,
            List.of())));
    static final Allocation OTHER_HALF = new Allocation(List.of(new NodeAllocation("n1", 1, CoreSet.range(4, 8),
            1024, List.of())));

    final ClusterSnapshot snapshot = scenario().nodes(node("n1")).snapshot();
    final SlotMap map = SlotMap.startingAt(NOW, Duration.ofMinutes(5), snapshot.nodes(), busy());

    FreeResources busy() {
        FreeResources free = FreeResources.of(snapshot);
        free.allocate(HALF);
        return free;
    }

    Optional<Instant> earliest(JobBuilder job) {
        QueueEntry entry = new QueueEntry(job.build(), snapshot.partitions().get(0), job.build().timeLimit());
        return map.earliestStart(entry, FIT, NOW.plus(hours(24))).map(SlotMap.Slot::start);
    }

    @Test
    void whatIsFreeNowCanStartNow() {
        map.release(HALF, NOW.plus(hours(2)));

        assertThat(earliest(job(1).ntasks(4))).contains(NOW);
    }

    @Test
    void aBiggerJobWaitsForTheRelease() {
        map.release(HALF, NOW.plus(hours(2)));

        assertThat(earliest(job(1).ntasks(8))).contains(NOW.plus(hours(2)));
    }

    @Test
    void releasesAreRoundedUpToTheResolution() {
        map.release(HALF, NOW.plus(Duration.ofMinutes(61)));

        assertThat(earliest(job(1).ntasks(8))).contains(NOW.plus(Duration.ofMinutes(65)));
    }

    @Test
    void aHoldBlocksOnlyItsOwnStretchOfTime() {
        map.release(HALF, NOW.plus(hours(2)));
        map.hold(OTHER_HALF, NOW.plus(hours(3)), Optional.of(hours(1)));

        assertThat(earliest(job(1).ntasks(4).time(hours(1)))).contains(NOW);
        assertThat(earliest(job(1).ntasks(4).time(hours(4)))).contains(NOW.plus(hours(2)));
        assertThat(earliest(job(2).ntasks(8).time(hours(1)))).contains(NOW.plus(hours(2)));
        assertThat(earliest(job(3).ntasks(8).time(Duration.ofMinutes(90)))).contains(NOW.plus(hours(4)));
    }

    @Test
    void whatEarlierSearchesLearntChangesNoLaterAnswer() {
        map.release(HALF, NOW.plus(hours(2)));
        map.hold(OTHER_HALF, NOW.plus(hours(3)), Optional.of(hours(1)));

        // The same shape, longer each time: each search may start where the one before found its probe failing.
        assertThat(earliest(job(1).ntasks(8).time(hours(1)))).contains(NOW.plus(hours(2)));
        assertThat(earliest(job(2).ntasks(8).time(Duration.ofMinutes(90)))).contains(NOW.plus(hours(4)));
        assertThat(earliest(job(3).ntasks(8).time(hours(30)))).contains(NOW.plus(hours(4)));
        map.hold(OTHER_HALF, NOW.plus(hours(5)), Optional.empty());
        assertThat(earliest(job(4).ntasks(8).time(hours(40)))).isEmpty();
        assertThat(earliest(job(5).ntasks(8).time(Duration.ofMinutes(30)))).contains(NOW.plus(hours(2)));
        assertThat(earliest(job(6).ntasks(4).time(hours(40)))).contains(NOW.plus(hours(2)));
    }

    @Test
    void nothingWithoutARelease() {
        assertThat(earliest(job(1).ntasks(8))).isEmpty();
    }

    @Test
    void aCopyIsIndependent() {
        SlotMap copy = map.copy();
        map.release(HALF, NOW.plus(hours(2)));

        QueueEntry entry = new QueueEntry(job(1).ntasks(8).build(), snapshot.partitions().get(0),
                Optional.of(hours(1)));
        assertThat(copy.earliestStart(entry, FIT, NOW.plus(hours(24)))).isEmpty();
    }
}
