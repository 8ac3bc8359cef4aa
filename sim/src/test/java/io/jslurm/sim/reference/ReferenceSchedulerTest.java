package io.jslurm.sim.reference;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ReferenceSchedulerTest {

  /** Three of four nodes busy until 100; a two-node job waits at the head, a one-node job behind. */
  private static TinyTrace holeBeforeHead() {
    return TinyTrace.machine(4).job(1, 0, 100, 3).job(2, 1, 10, 2);
  }

  @Test
  void withoutBackfillNothingPassesAWaitingHead() {
    ReferenceWorkload workload = holeBeforeHead().job(3, 2, 10, 1).workload();

    assertThat(Replays.starts(workload, Policy.FCFS, false))
        .isEqualTo(Map.of(1L, 0L, 2L, 100L, 3L, 100L));
  }

  @Test
  void backfillStartsAJobThatEndsBeforeTheHeadsShadowTime() {
    ReferenceWorkload workload = holeBeforeHead().job(3, 2, 10, 1).workload();

    assertThat(Replays.starts(workload, Policy.FCFS, true))
        .isEqualTo(Map.of(1L, 0L, 3L, 2L, 2L, 100L));
  }

  @Test
  void backfillNeedsToEndStrictlyBeforeTheShadowTime() {
    ReferenceWorkload endsAtShadow = holeBeforeHead().job(3, 2, 98, 1).workload();
    ReferenceWorkload endsJustBefore = holeBeforeHead().job(3, 2, 97, 1).workload();

    assertThat(Replays.starts(endsAtShadow, Policy.FCFS, true)).containsEntry(3L, 100L);
    assertThat(Replays.starts(endsJustBefore, Policy.FCFS, true)).containsEntry(3L, 2L);
  }

  @Test
  void backfillTrustsEstimatesButJobsRunTheirActualTime() {
    ReferenceWorkload workload = holeBeforeHead().job(3, 2, 500, 1, 50).workload();

    WindowResult result = Replays.whole(workload, Policy.FCFS, true);

    assertThat(Replays.starts(workload, Policy.FCFS, true))
        .isEqualTo(Map.of(1L, 0L, 3L, 2L, 2L, 100L));
    assertThat(result.makespan()).isEqualTo(502);
  }

  @Test
  void theShadowTimeIsNotRevisedWhenAJobEndsBeforeItsEstimate() {
    // Job 2 was estimated to run until 200 but ends at 50: the head's shadow stays at 200, so
    // job 4 is let in at 60 and delays the head past job 1's end at 100.
    ReferenceWorkload workload = TinyTrace.machine(4)
        .job(1, 0, 100, 2, 100)
        .job(2, 0, 50, 2, 200)
        .job(3, 1, 10, 4)
        .job(4, 60, 60, 2)
        .workload();

    assertThat(Replays.starts(workload, Policy.FCFS, true))
        .isEqualTo(Map.of(1L, 0L, 2L, 0L, 4L, 60L, 3L, 120L));
  }

  @Test
  void anArrivalIsHandledBeforeACompletionAtTheSameTime() {
    // Job 4 arrives at 100, the moment job 1 ends; it is queued before the head starts, so SJF
    // picks it ahead of job 3 in the same instant.
    ReferenceWorkload workload = TinyTrace.machine(4)
        .job(1, 0, 100, 4)
        .job(2, 50, 10, 2)
        .job(3, 60, 50, 2)
        .job(4, 100, 1, 2)
        .workload();

    assertThat(Replays.starts(workload, Policy.SJF, false))
        .isEqualTo(Map.of(1L, 0L, 2L, 100L, 4L, 100L, 3L, 101L));
  }

  @Test
  void theBackfillPassLeavesTheQueueInSubmitOrderForLaterTies() {
    // Jobs 3 and 4 have equal F1 scores (non-positive submit times count as 0.1). Job 4 was read
    // last but submitted first; only a backfill pass, which sorts the queue by submit, puts it
    // ahead of job 3.
    ReferenceWorkload workload = TinyTrace.machine(4)
        .job(1, 0, 100, 4)
        .job(2, 0, 10, 4)
        .job(3, 0, 1000, 3)
        .job(4, -1, 1000, 3)
        .workload();

    assertThat(Replays.starts(workload, Policy.F1, false))
        .isEqualTo(Map.of(1L, 0L, 2L, 100L, 3L, 110L, 4L, 1110L));
    assertThat(Replays.starts(workload, Policy.F1, true))
        .isEqualTo(Map.of(1L, 0L, 2L, 100L, 4L, 110L, 3L, 1110L));
  }

  @Test
  void jobsTakeWholeNodes() {
    ReferenceWorkload workload = TinyTrace.machine(2, 16)
        .job(1, 0, 10, 1)
        .job(2, 0, 10, 1)
        .job(3, 0, 10, 1)
        .job(4, 0, 10, 9)
        .workload();

    assertThat(Replays.starts(workload, Policy.FCFS, false))
        .isEqualTo(Map.of(1L, 0L, 2L, 0L, 3L, 10L, 4L, 20L));
  }

  @Test
  void aWindowStartsOnAnEmptyMachineAtItsFirstSubmit() {
    ReferenceWorkload workload = TinyTrace.machine(1)
        .job(1, 0, 1000, 1)
        .job(2, 10, 5, 1)
        .job(3, 12, 5, 1)
        .workload();

    WindowResult window = new ReferenceScheduler(Policy.FCFS, false).run(workload, new Window(1, 2));

    assertThat(window.origin()).isEqualTo(10);
    assertThat(window.jobs()).extracting(ScheduledJob::start).containsExactly(10L, 15L);
  }
}
