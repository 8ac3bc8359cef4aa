package io.jslurm.sched.backfill;

import static io.jslurm.sched.testing.JobBuilder.job;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ProbeBoundsTest {

    final ProbeBounds bounds = new ProbeBounds();
    final Shape small = new Shape(job(1).ntasks(1).build().request(), "batch");
    final Shape big = new Shape(job(2).ntasks(64).build().request(), "batch");

    @Test
    void nothingIsKnownAtFirst() {
        assertThat(bounds.earliest(small, 3_600_000)).isEqualTo(ProbeBounds.NONE);
    }

    @Test
    void aBoundHoldsForLongerJobsOfTheSameShapeOnly() {
        bounds.record(small, 3_600_000, 600_000);

        assertThat(bounds.earliest(small, 3_600_000)).isEqualTo(600_000);
        assertThat(bounds.earliest(small, 7_200_000)).isEqualTo(600_000);
        assertThat(bounds.earliest(small, 1_800_000)).isEqualTo(ProbeBounds.NONE);
        assertThat(bounds.earliest(big, 7_200_000)).isEqualTo(ProbeBounds.NONE);
        assertThat(bounds.earliest(new Shape(small.request(), "other"), 7_200_000)).isEqualTo(ProbeBounds.NONE);
    }

    @Test
    void aLongerJobGetsTheLatestBoundOfAnyShorterOne() {
        bounds.record(small, 3_600_000, 600_000);
        bounds.record(small, 1_800_000, 1_200_000);
        bounds.record(small, 7_200_000, 300_000); // says less than the shorter jobs already did

        assertThat(bounds.earliest(small, 1_800_000)).isEqualTo(1_200_000);
        assertThat(bounds.earliest(small, 3_600_000)).isEqualTo(1_200_000);
        assertThat(bounds.earliest(small, 7_200_000)).isEqualTo(1_200_000);
        assertThat(bounds.earliest(small, Long.MAX_VALUE)).isEqualTo(1_200_000);
    }

    @Test
    void neverAndClear() {
        bounds.record(big, 3_600_000, ProbeBounds.NEVER);
        assertThat(bounds.earliest(big, Long.MAX_VALUE)).isEqualTo(ProbeBounds.NEVER);

        bounds.clear();
        assertThat(bounds.earliest(big, Long.MAX_VALUE)).isEqualTo(ProbeBounds.NONE);
    }
}
