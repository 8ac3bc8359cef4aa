package io.jslurm.sim.reference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import org.junit.jupiter.api.Test;

class PolicyTest {

  /**
   * The machine is full until 2010: job 1 runs, then job 2, which was alone in the queue and so
   * became the head whatever the policy. Behind it wait a short narrow job, a very short
   * full-width job and another short narrow job, in submit order; the policy orders those three.
   */
  private static final ReferenceWorkload CONTENDED = TinyTrace.machine(100)
      .job(1, 0, 2000, 100)
      .job(2, 999, 10, 100)
      .job(3, 1000, 10, 1)
      .job(4, 1001, 5, 100)
      .job(5, 1002, 10, 1)
      .workload();

  @Test
  void fcfsStartsJobsInSubmitOrderEvenWhenTheHeadMustWait() {
    assertThat(Replays.starts(CONTENDED, Policy.FCFS, false))
        .isEqualTo(Map.of(1L, 0L, 2L, 2000L, 3L, 2010L, 4L, 2020L, 5L, 2025L));
  }

  @Test
  void sjfStartsTheShortestRequestFirst() {
    assertThat(Replays.starts(CONTENDED, Policy.SJF, false))
        .isEqualTo(Map.of(1L, 0L, 2L, 2000L, 4L, 2010L, 3L, 2015L, 5L, 2015L));
  }

  @Test
  void f1PrefersNarrowJobsOverAShorterWideOne() {
    assertThat(Replays.starts(CONTENDED, Policy.F1, false))
        .isEqualTo(Map.of(1L, 0L, 2L, 2000L, 3L, 2010L, 5L, 2010L, 4L, 2020L));
  }

  @Test
  void sjfBreaksTiesOnRequestedTimeBySubmitNotByArrivalOrder() {
    // Job 3 is read before job 4 but was submitted after it; both wait behind jobs 1 and 2.
    ReferenceWorkload workload = TinyTrace.machine(1)
        .job(1, 0, 100, 1)
        .job(2, 5, 10, 1)
        .job(3, 20, 50, 1)
        .job(4, 10, 50, 1)
        .workload();

    assertThat(Replays.starts(workload, Policy.SJF, false))
        .isEqualTo(Map.of(1L, 0L, 2L, 100L, 4L, 110L, 3L, 160L));
  }

  @Test
  void f1ScoreIsLogRequestTimesProcsPlus870LogSubmit() {
    assertThat(Policy.f1Score(new ReferenceJob(1, 1000, 50, 100, 2))).isEqualTo(2 * 2 + 870 * 3);
  }

  @Test
  void f1ScoreCountsNonPositiveTimesAsOneTenth() {
    assertThat(Policy.f1Score(new ReferenceJob(1, 0, 50, 0, 4)))
        .isCloseTo(-4 - 870, within(1e-9));
    assertThat(Policy.f1Score(new ReferenceJob(1, -5, 50, 10, 1)))
        .isCloseTo(1 - 870, within(1e-9));
  }

  @Test
  void policiesAreNamedInLowerCase() {
    assertThat(Policy.parse("sjf")).isEqualTo(Policy.SJF);
    assertThat(Policy.parse("F1")).isEqualTo(Policy.F1);
    assertThat(Policy.FCFS).hasToString("fcfs");
    assertThatThrownBy(() -> Policy.parse("wfp3"))
        .hasMessage("unknown policy 'wfp3' (expected fcfs, sjf or f1)");
  }
}
