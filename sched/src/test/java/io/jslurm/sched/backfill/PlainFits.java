package io.jslurm.sched.backfill;

import static io.jslurm.sched.testing.Scenario.NOW;

import io.jslurm.sched.model.ClusterSnapshot;
import io.jslurm.sched.model.Partition;
import io.jslurm.sched.model.PendingJob;
import io.jslurm.sched.model.RunningJob;
import io.jslurm.sched.select.FitResult;
import io.jslurm.sched.select.FreeResources;
import io.jslurm.sched.select.NodeFree;
import io.jslurm.sched.select.ResourceFit;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** What kept fits at now are compared with: a slot map built as a pass builds it, and the whole fit over it. */
final class PlainFits {

    private PlainFits() {
    }

    /** The map of a snapshot at {@code NOW}, with every running job's resources back at its expected end. */
    static SlotMap mapOf(ClusterSnapshot snapshot, Duration step) {
        SlotMap map = SlotMap.startingAt(NOW, step, snapshot.nodes(), FreeResources.of(snapshot));
        for (RunningJob running : snapshot.running()) {
            running.expectedEnd().ifPresent(end -> map.release(running.allocation(), end));
        }
        return map;
    }

    /** The whole fit over what each node of the partition offers from now until {@code end}. */
    static FitResult plainFit(SlotMap map, PendingJob job, Partition partition, ResourceFit fit, Instant end) {
        List<NodeFree> during = new ArrayList<>();
        for (NodeTimeline timeline : map.timelines(partition)) {
            during.add(timeline.freeDuring(NOW, end));
        }
        return fit.fit(job.request(), partition, FreeResources.inOrder(partition.nodes(), during));
    }
}
