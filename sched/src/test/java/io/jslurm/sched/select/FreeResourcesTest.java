package io.jslurm.sched.select;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.sched.model.Allocation;
import io.jslurm.sched.model.ClusterSnapshot;
import io.jslurm.sched.model.CoreSet;
import io.jslurm.sched.model.NodeAllocation;
import io.jslurm.sched.testing.RandomCluster;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The views of a list of names are those the names look up, whatever was asked before, allocations included. */
class FreeResourcesTest {

    @Test
    void nodesOfNamesAreTheLookedUpViewsAcrossListsAndAllocations() {
        for (long seed = 1; seed <= 20; seed++) {
            Random random = new Random(seed);
            ClusterSnapshot snapshot = new RandomCluster(seed).scenario(16, 0).snapshot();
            FreeResources free = FreeResources.of(snapshot);
            List<String> all = snapshot.partitions().get(0).nodes();
            List<List<String>> lists = List.of(all, all.subList(0, 8), new ArrayList<>(all.subList(4, 12)));
            for (int round = 0; round < 30; round++) {
                List<String> names = lists.get(random.nextInt(lists.size()));
                List<NodeFree> nodes = free.nodes(names);
                assertThat(nodes).hasSize(names.size());
                for (int i = 0; i < names.size(); i++) {
                    NodeFree expected = free.node(names.get(i)).orElseThrow();
                    assertThat(nodes.get(i)).as("seed %d round %d", seed, round).isSameAs(expected);
                    assertThat(nodes.get(i).freeCoreCount()).isEqualTo(expected.freeCoreCount());
                }
                // A start between two asks: the views seen next must show it.
                String node = names.get(random.nextInt(names.size()));
                NodeFree view = free.node(node).orElseThrow();
                int core = view.node().cores() - 1;
                if (view.coreFree(core)) {
                    int before = free.nodes(names).get(names.indexOf(node)).freeCoreCount();
                    free.allocate(new Allocation(List.of(new NodeAllocation(node, 1, CoreSet.of(core), 0, List.of()))));
                    assertThat(free.nodes(names).get(names.indexOf(node)).freeCoreCount()).isEqualTo(before - 1);
                }
            }
        }
    }
}
