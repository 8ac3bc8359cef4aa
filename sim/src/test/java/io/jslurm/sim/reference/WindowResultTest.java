package io.jslurm.sim.reference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class WindowResultTest {

  @Test
  void boundedSlowdownCountsShortRunsAsTenSecondsAndNeverGoesBelowOne() {
    assertThat(new ScheduledJob(new ReferenceJob(1, 0, 5, 5, 1), 0).boundedSlowdown())
        .isEqualTo(1.0);
    assertThat(new ScheduledJob(new ReferenceJob(1, 0, 5, 5, 1), 15).boundedSlowdown())
        .isEqualTo(2.0);
    assertThat(new ScheduledJob(new ReferenceJob(1, 0, 100, 5, 1), 150).boundedSlowdown())
        .isEqualTo(2.5);
  }

  @Test
  void figuresOfAWindow() {
    // Two nodes: job 2 waits 10 s for job 1, so 30 of 40 processor-seconds are used.
    ReferenceWorkload workload = TinyTrace.machine(2).job(1, 0, 10, 2).job(2, 0, 10, 1).workload();

    WindowResult result = Replays.whole(workload, Policy.FCFS, false);

    assertThat(result.averageWait()).isEqualTo(5.0);
    assertThat(result.averageBoundedSlowdown()).isEqualTo(1.5);
    assertThat(result.makespan()).isEqualTo(20);
    assertThat(result.utilization()).isEqualTo(0.75);
  }

  @Test
  void theSummaryAveragesWindowMeansAndPoolsUtilization() {
    ReferenceWorkload workload = TinyTrace.machine(2)
        .job(1, 0, 10, 2).job(2, 0, 10, 1)
        .job(3, 100, 30, 2).job(4, 100, 30, 2).job(5, 100, 30, 2)
        .workload();
    List<WindowResult> windows = new ReferenceScheduler(Policy.FCFS, false)
        .run(workload, List.of(new Window(0, 2), new Window(2, 3)));

    SimulationSummary summary = SimulationSummary.of(windows);

    // Window 2: waits 0, 30, 60 -> mean 30; slowdowns 1, 2, 3 -> mean 2.
    assertThat(summary.averageWait()).isEqualTo((5.0 + 30.0) / 2);
    assertThat(summary.averageBoundedSlowdown()).isEqualTo((1.5 + 2.0) / 2);
    assertThat(summary.utilization()).isCloseTo((30.0 + 180.0) / (40.0 + 180.0), within(1e-12));
    assertThat(summary.jobs()).isEqualTo(5);
  }
}
