package io.jslurm.sim.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.sched.backfill.BackfillParams;
import io.jslurm.sim.reference.ScheduledJob;
import io.jslurm.sim.reference.TinyTrace;
import io.jslurm.sim.reference.Window;
import io.jslurm.sim.reference.WindowResult;
import io.jslurm.sim.swf.SwfTrace;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** Hand-made traces whose Slurm-mode schedule can be worked out on paper. */
class SlurmSchedulerTest {

  /** Start time of every job, by job id. */
  static Map<Long, Long> starts(WindowResult result) {
    Map<Long, Long> starts = new TreeMap<>();
    for (ScheduledJob job : result.jobs()) {
      starts.put(job.job().jobId(), job.start());
    }
    return starts;
  }

  static WindowResult replay(SwfTrace trace, UnaryOperator<SimCluster> settings,
      AllocationUnit unit) {
    SlurmWorkload workload = SlurmWorkload.from(trace);
    SimCluster cluster = settings.apply(SimCluster.fromTrace(trace.header()));
    return new SlurmScheduler(cluster, unit).run(workload,
        List.of(new Window(0, workload.size()))).get(0);
  }

  static WindowResult replay(SwfTrace trace) {
    return replay(trace, UnaryOperator.identity(), AllocationUnit.NODES);
  }

  /**
   * Four nodes. Job 1 holds two until 600; job 2 needs all four and is given a reservation at 600.
   * Job 3 (two nodes, 5 minutes) fits in the hole and ends by 330: backfill starts it at its
   * first tick, 30. Job 4 (two nodes, 15 minutes) would hold job 2's nodes past 600, so it waits
   * until job 2 is done.
   */
  static final SwfTrace HOLE = TinyTrace.machine(4)
      .job(1, 0, 600, 2, 600)
      .job(2, 10, 600, 4, 600)
      .job(3, 20, 300, 2, 300)
      .job(4, 20, 600, 2, 900)
      .trace();

  @Test
  void backfillFillsTheHoleWithoutDelayingTheReservation() {
    assertThat(starts(replay(HOLE))).containsExactly(
        Map.entry(1L, 0L), Map.entry(2L, 600L), Map.entry(3L, 30L), Map.entry(4L, 1200L));
  }

  @Test
  void withoutBackfillTheSmallJobWaitsItsTurn() {
    WindowResult builtin = replay(HOLE, cluster -> cluster.withParams(cluster.params()
        .withBackfill(cluster.params().backfill().disabled())), AllocationUnit.NODES);

    assertThat(starts(builtin)).containsExactly(
        Map.entry(1L, 0L), Map.entry(2L, 600L), Map.entry(3L, 1200L), Map.entry(4L, 1200L));
  }

  @Test
  void backfillRunsOnlyEveryBfInterval() {
    WindowResult slow = replay(HOLE, cluster -> cluster.withBfInterval(
        java.time.Duration.ofSeconds(100)), AllocationUnit.NODES);

    assertThat(starts(slow)).containsEntry(3L, 100L).containsEntry(2L, 600L);
  }

  @Test
  void jobsArrivingToAnEmptyQueueWaitForTheNextTick() {
    // The queue is empty from 0 to 45; backfill starts job 3 at the first tick after 45.
    WindowResult result = replay(TinyTrace.machine(4)
        .job(1, 0, 600, 2, 600)
        .job(2, 45, 600, 4, 600)
        .job(3, 45, 300, 2, 300)
        .trace());

    assertThat(starts(result)).containsEntry(3L, 60L).containsEntry(2L, 600L);
  }

  @Test
  void aJobIsKilledAtItsTimeLimitAndTheNextStartsThen() {
    // Job 1 would run 1000 s but asked for 5 minutes; job 2 (90 s asked, rounded up to 2 minutes)
    // runs its whole 100 s.
    WindowResult result = replay(TinyTrace.machine(1)
        .job(1, 0, 1000, 1, 300)
        .job(2, 10, 100, 1, 90)
        .trace());

    assertThat(starts(result)).containsExactly(Map.entry(1L, 0L), Map.entry(2L, 300L));
    assertThat(result.jobs().get(0).job().run()).isEqualTo(300);
    assertThat(result.jobs().get(1).job().run()).isEqualTo(100);
    assertThat(result.makespan()).isEqualTo(400);
  }

  @Test
  void withoutAnEstimateTheRunTimeIsTheLimit() {
    // Limits are the run times rounded up to the minute: 60, 120 and 120 s. Job 3 would still be
    // running when job 1 ends and job 2 needs both nodes, so backfill leaves it to wait.
    WindowResult result = replay(TinyTrace.machine(2)
        .job(1, 0, 60, 1)
        .job(2, 5, 120, 2)
        .job(3, 10, 100, 1)
        .trace());

    assertThat(starts(result)).containsExactly(
        Map.entry(1L, 0L), Map.entry(2L, 60L), Map.entry(3L, 180L));
    assertThat(result.jobs()).allSatisfy(job -> assertThat(job.job().run()).isPositive());
  }

  @Test
  void multifactorPutsTheBigJobFirstWhereFifoKeepsSubmitOrder() {
    // Job 1 holds both nodes until 600; then job 2 (one node) and job 3 (two) both wait.
    SwfTrace trace = TinyTrace.machine(2)
        .job(1, 0, 600, 2, 600)
        .job(2, 10, 600, 1, 600)
        .job(3, 20, 600, 2, 600)
        .trace();
    UnaryOperator<SimCluster> jobSizeOnly = cluster -> cluster.withPriority(
        new io.jslurm.sched.priority.PriorityWeights(0, 0, 1000, 0, 0, 0, Map.of(),
            java.time.Duration.ofDays(7), false), true);

    assertThat(starts(replay(trace))).containsEntry(2L, 600L).containsEntry(3L, 1200L);
    assertThat(starts(replay(trace, jobSizeOnly, AllocationUnit.NODES)))
        .containsEntry(3L, 600L).containsEntry(2L, 1200L);
  }

  @Test
  void coresShareANodeWhereWholeNodesCannot() {
    // Two nodes of four cores: two 3-processor jobs fill them as whole nodes; a third waits in
    // nodes mode but takes the two cores left over in cores mode.
    SwfTrace trace = TinyTrace.machine(2, 8)
        .job(1, 0, 600, 3, 600)
        .job(2, 0, 600, 3, 600)
        .job(3, 10, 600, 2, 600)
        .trace();

    assertThat(starts(replay(trace))).containsEntry(3L, 600L);
    assertThat(starts(replay(trace, UnaryOperator.identity(), AllocationUnit.CORES)))
        .containsEntry(3L, 10L);
  }

  @Test
  void aJobNoPartitionCouldHoldIsRefusedBeforeTheReplay() {
    SwfTrace trace = TinyTrace.machine(2).job(7, 0, 60, 3, 60).trace();

    assertThatThrownBy(() -> replay(trace))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("job 7 (3 processors as nodes) can never run in partition batch: "
            + "Requested node configuration is not available");
  }

  @Test
  void settingsKeepSlurmsBackfillDefaults() {
    BackfillParams backfill = SimCluster.fromTrace(HOLE.header()).params().backfill();

    assertThat(backfill.window()).isEqualTo(java.time.Duration.ofDays(1));
    assertThat(backfill.resolution()).isEqualTo(java.time.Duration.ofSeconds(60));
    assertThat(backfill.maxJobTest()).isEqualTo(500);
  }
}
