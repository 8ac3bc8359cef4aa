package io.jslurm.sched;

import io.jslurm.sched.model.NodeAllocation;
import io.jslurm.sched.model.Partition;
import io.jslurm.sched.model.ResourceRequest;
import io.jslurm.sched.plan.JobStart;
import io.jslurm.sched.select.FitResult;
import io.jslurm.sched.select.KeptFit;
import io.jslurm.sched.select.NodeFree;
import io.jslurm.sched.select.ResourceFit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The main pass's fits, kept per request and partition across its jobs ({@link KeptFit}): the pass fits up to
 * default_queue_depth jobs of a few shapes against the free resources now, and between two of them only the nodes
 * of a start change. A fit evaluated every node of the partition (10,000 of them, a cache miss each) for every job;
 * kept, only the nodes started on since the shape's last fit are evaluated again. The answers are those of
 * {@link ResourceFit#fit}, rejection counts included; requests a kept fit does not apply to are fitted as before.
 */
final class MainFits {

    private static final int[] NO_INDEXES = new int[0];
    private static final NodeFree[] NO_VIEWS = new NodeFree[0];

    private record Key(ResourceRequest request, String partition) {
    }

    /** A kept fit and each node's index in the list it was made from. */
    private record Kept(KeptFit fit, Map<String, Integer> index) {
    }

    private final PassState state;
    private final Map<Key, Kept> kept = new HashMap<>();
    /** By partition: each node's index in its list of free resources, shared by the partition's kept fits. */
    private final Map<String, Map<String, Integer>> indexes = new HashMap<>();
    /** How many of the pass's starts every kept fit has been told of. */
    private int applied;

    MainFits(PassState state) {
        this.state = state;
        this.applied = state.starts().size();
    }

    FitResult fit(ResourceRequest request, Partition partition) {
        ResourceFit by = state.fit();
        if (!KeptFit.applies(by, request, partition)) {
            return by.fit(request, partition, state.free());
        }
        catchUp();
        Kept entry = kept.computeIfAbsent(new Key(request, partition.name()), key -> {
            List<NodeFree> nodes = state.free().nodes(partition.nodes());
            Map<String, Integer> index = indexes.computeIfAbsent(partition.name(), name -> {
                Map<String, Integer> made = new HashMap<>();
                for (int i = 0; i < nodes.size(); i++) {
                    made.put(nodes.get(i).node().name(), i);
                }
                return made;
            });
            return new Kept(new KeptFit(by, request, partition, nodes), index);
        });
        return entry.fit().fit(NO_INDEXES, NO_VIEWS, 0);
    }

    /**
     * Resources changed other than by a start (a preemption released its victims' and set some aside): every kept
     * fit is dropped.
     */
    void reset() {
        kept.clear();
        applied = state.starts().size();
    }

    /** Tells every kept fit of the nodes started on since the last fit. */
    private void catchUp() {
        List<JobStart> starts = state.starts();
        for (; applied < starts.size(); applied++) {
            for (NodeAllocation part : starts.get(applied).allocation().nodes()) {
                NodeFree node = state.free().node(part.node()).orElseThrow();
                for (Kept entry : kept.values()) {
                    Integer position = entry.index().get(part.node());
                    if (position != null) {
                        entry.fit().changed(position, node);
                    }
                }
            }
        }
    }
}
