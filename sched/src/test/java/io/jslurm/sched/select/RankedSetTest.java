package io.jslurm.sched.select;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The grouped set walks its candidates exactly as a tree ordered by {@link Candidate#RANK} does, whatever the adds
 * and removes (nodes moving between free core counts as jobs start on them, as in a kept fit).
 */
class RankedSetTest {

    @Test
    void walksInRankOrderLikeATreeThroughRandomMoves() {
        Random random = new Random(11);
        for (int cluster = 0; cluster < 40; cluster++) {
            int nodes = 1 + random.nextInt(300);
            int maxCores = 1 + random.nextInt(128);
            int[] weights = new int[nodes];
            int[] weightChoices = {1, 5, 10, 1000, Integer.MAX_VALUE};
            int distinct = 1 + random.nextInt(weightChoices.length);
            // Slurm.conf positions: a partition's nodes need not be all of them, nor in their order.
            List<Integer> orders = new ArrayList<>();
            for (int i = 0; i < nodes; i++) {
                orders.add(3 * i + random.nextInt(3));
            }
            java.util.Collections.shuffle(orders, random);
            for (int i = 0; i < nodes; i++) {
                weights[i] = weightChoices[random.nextInt(distinct)];
            }
            RankedSet set = new RankedSet(random.nextBoolean() ? nodes / 2 : 3 * nodes);
            TreeSet<Candidate> tree = new TreeSet<>(Candidate.RANK);
            Candidate[] in = new Candidate[nodes];
            for (int step = 0; step < 2000; step++) {
                int node = random.nextInt(nodes);
                if (in[node] != null) {
                    set.remove(in[node]);
                    tree.remove(in[node]);
                    in[node] = null;
                }
                if (random.nextInt(4) > 0) {
                    in[node] = new Candidate(node, null, 1 + random.nextInt(8), random.nextInt(maxCores + 1),
                            weights[node], orders.get(node), false);
                    set.add(in[node]);
                    tree.add(in[node]);
                }
                if (step % 50 == 0 || step == 1999) {
                    List<Candidate> walked = new ArrayList<>();
                    set.forEach(walked::add);
                    assertThat(walked).as("cluster %d step %d", cluster, step).containsExactlyElementsOf(tree);
                    assertThat(set.size()).isEqualTo(tree.size());
                }
            }
        }
    }

    @Test
    void refusesPreferredNodesAndAPositionTwice() {
        RankedSet set = new RankedSet(1);
        assertThatThrownBy(() -> set.add(new Candidate(0, null, 1, 2, 1, 0, true)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(set.iterator().hasNext()).isFalse();
        set.add(new Candidate(0, null, 1, 2, 1, 0, false));
        assertThatThrownBy(() -> set.add(new Candidate(1, null, 1, 3, 10, 0, false)))
                .isInstanceOf(IllegalStateException.class);
        assertThat(set.iterator().next().id()).isZero();
    }
}
