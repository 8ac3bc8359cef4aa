package io.jslurm.slurmctld.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** How long the scheduling loop lets pass between two passes. */
class PassSpacingTest {

    private static final long MS = 1_000_000L;

    @Test
    void quickPassesAreTenMillisecondsApart() {
        // A job that ends hands its cores on at the next pass: a long floor would cap short jobs per second.
        assertThat(SchedulingLoop.waitBeforeNextPass(0, 1 * MS)).isEqualTo(10 * MS);
        assertThat(SchedulingLoop.waitBeforeNextPass(4 * MS, 1 * MS)).isEqualTo(6 * MS);
        assertThat(SchedulingLoop.waitBeforeNextPass(11 * MS, 1 * MS)).isZero();
    }

    @Test
    void aPassOfTwentyMillisecondsIsFollowedByAHundred() {
        assertThat(SchedulingLoop.waitBeforeNextPass(20 * MS, 20 * MS)).isEqualTo(100 * MS);
        assertThat(SchedulingLoop.waitBeforeNextPass(120 * MS, 20 * MS)).isZero();
    }

    @Test
    void aLongPassIsFollowedByFiveTimesItsTimeWithoutScheduling() {
        // A 1 s pass: the next one starts 6 s after it started, so passes use at most a sixth of the time.
        assertThat(SchedulingLoop.waitBeforeNextPass(1000 * MS, 1000 * MS)).isEqualTo(5000 * MS);
        assertThat(SchedulingLoop.waitBeforeNextPass(5500 * MS, 1000 * MS)).isEqualTo(500 * MS);
        assertThat(SchedulingLoop.waitBeforeNextPass(6000 * MS, 1000 * MS)).isZero();
    }

    @Test
    void freedResourcesCutTheRestToThePassTime() {
        // A job ended: its cores go to a waiting job after one pass's time of rest, not five.
        assertThat(SchedulingLoop.waitBeforeNextPass(20 * MS, 20 * MS, true)).isEqualTo(20 * MS);
        assertThat(SchedulingLoop.waitBeforeNextPass(40 * MS, 20 * MS, true)).isZero();
        assertThat(SchedulingLoop.waitBeforeNextPass(1000 * MS, 1000 * MS, true)).isEqualTo(1000 * MS);
        // Quick passes after an end are 2 ms apart, not 10.
        assertThat(SchedulingLoop.waitBeforeNextPass(0, 500_000, true)).isEqualTo(2 * MS);
        assertThat(SchedulingLoop.waitBeforeNextPass(3 * MS, 500_000, true)).isZero();
        // Without an end the long rest stands.
        assertThat(SchedulingLoop.waitBeforeNextPass(40 * MS, 20 * MS, false)).isEqualTo(80 * MS);
    }
}
