package io.jslurm.sched.backfill;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ChangeIndexTest {

    @Test
    void entriesAddedInAnyOrderComeOutSortedByTimeWithTheirNode() {
        Random random = new Random(3);
        ChangeIndex index = new ChangeIndex();
        long[] expected = new long[0];
        for (int round = 0; round < 50; round++) {
            for (int i = random.nextInt(20); i > 0; i--) {
                long offset = 1 + random.nextInt(100_000);
                int node = random.nextInt(1000);
                index.add(offset, node);
                expected = Arrays.copyOf(expected, expected.length + 1);
                expected[expected.length - 1] = (offset << 20) | node;
            }
            Arrays.sort(expected);
            assertThat(entries(index)).containsExactly(expected);
        }
        assertThat(index.entries()[0] >> 20).isPositive();
        assertThat(index.entries()[0] & 0xFFFFF).isLessThan(1000);
    }

    @Test
    void nowAndThePastAreLeftOutAndTheFarFutureIsOnlyFlagged() {
        ChangeIndex index = new ChangeIndex();
        index.add(0, 1);
        index.add(-5, 2);
        assertThat(entries(index)).isEmpty();
        assertThat(index.hasFar()).isFalse();
        index.add(ChangeIndex.LIMIT, 3);
        assertThat(entries(index)).isEmpty();
        assertThat(index.hasFar()).isTrue();
    }

    @Test
    void firstAtOrAfterFindsTheFirstEntryNoEarlierThanAnOffset() {
        Random random = new Random(5);
        ChangeIndex index = new ChangeIndex();
        for (int i = 0; i < 300; i++) {
            index.add(1 + random.nextInt(1000), random.nextInt(50));
        }
        long[] entries = index.entries();
        int size = index.size();
        for (long offset = -2; offset <= 1002; offset++) {
            int expected = 0;
            while (expected < size && (entries[expected] >> 20) < offset) {
                expected++;
            }
            assertThat(ChangeIndex.firstAtOrAfter(entries, size, offset)).as("offset %d", offset).isEqualTo(expected);
        }
        assertThat(ChangeIndex.firstAtOrAfter(entries, size, ChangeIndex.LIMIT)).isEqualTo(size);
        assertThat(ChangeIndex.firstAtOrAfter(entries, size, Long.MAX_VALUE)).isEqualTo(size);
    }

    /** The index's entries alone, without the room after them. */
    private static long[] entries(ChangeIndex index) {
        return Arrays.copyOf(index.entries(), index.size());
    }
}
