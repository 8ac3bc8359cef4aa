package io.jslurm.slurmctld.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Set;
import org.junit.jupiter.api.Test;

class JobIdAllocatorTest {

    @Test
    void countsUpFromFirstJobIdAndWrapsBeforeMaxJobId() {
        JobIdAllocator ids = new JobIdAllocator(10, 13, 0);
        assertThat(ids.allocate(id -> false)).isEqualTo(10);
        assertThat(ids.allocate(id -> false)).isEqualTo(11);
        assertThat(ids.allocate(id -> false)).isEqualTo(12);
        assertThat(ids.allocate(id -> false)).isEqualTo(10);
    }

    @Test
    void skipsIdsStillInUse() {
        JobIdAllocator ids = new JobIdAllocator(1, 100, 5);
        Set<Long> used = Set.of(5L, 6L);
        assertThat(ids.allocate(used::contains)).isEqualTo(7);
        assertThat(ids.next()).isEqualTo(8);
    }

    @Test
    void failsWhenEveryIdIsInUse() {
        JobIdAllocator ids = new JobIdAllocator(1, 4, 1);
        assertThatThrownBy(() -> ids.allocate(id -> true)).hasMessageContaining("no free job id");
    }

    @Test
    void savedCounterOutsideTheRangeRestartsAtFirstJobId() {
        assertThat(new JobIdAllocator(1000, 2000, 5).next()).isEqualTo(1000);
        assertThat(new JobIdAllocator(1000, 2000, 2000).next()).isEqualTo(1000);
        assertThat(new JobIdAllocator(1000, 2000, 1500).next()).isEqualTo(1500);
    }
}
