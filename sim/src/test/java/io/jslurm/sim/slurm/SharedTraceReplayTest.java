package io.jslurm.sim.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.sim.SharedScheduling;
import io.jslurm.sim.reference.ScheduledJob;
import io.jslurm.sim.reference.Window;
import io.jslurm.sim.reference.WindowResult;
import io.jslurm.sim.swf.SwfReader;
import io.jslurm.sim.swf.SwfTrace;
import java.io.IOException;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A slice of Lublin-1 (256 single-processor nodes, an overloaded queue) in Slurm mode. */
class SharedTraceReplayTest {

  static final Window SLICE = new Window(1981, 80);
  static SwfTrace trace;
  static WindowResult fifo;

  @BeforeAll
  static void read() throws IOException {
    trace = SwfReader.read(SharedScheduling.trace("lublin_256.swf.gz"));
    fifo = replay(false);
  }

  static WindowResult replay(boolean multifactor) {
    SimCluster cluster = SimCluster.fromTrace(trace.header());
    cluster = cluster.withPriority(cluster.weights(), multifactor);
    return new SlurmScheduler(cluster, AllocationUnit.NODES)
        .run(SlurmWorkload.from(trace), List.of(SLICE)).get(0);
  }

  @Test
  void theSameTraceGivesTheSameScheduleEveryTime() {
    assertThat(replay(true).jobs()).isEqualTo(replay(true).jobs());
  }

  @Test
  void theMachineIsNeverOversubscribedAndEveryJobRuns() {
    WindowResult result = fifo;
    TreeMap<Long, Integer> change = new TreeMap<>();
    for (ScheduledJob job : result.jobs()) {
      change.merge(job.start(), job.job().procs(), Integer::sum);
      change.merge(job.end(), -job.job().procs(), Integer::sum);
    }
    int busy = 0;
    for (int delta : change.values()) {
      busy += delta;
      assertThat(busy).isBetween(0, 256);
    }
    assertThat(result.jobs()).hasSize(SLICE.length());
    assertThat(result.jobs()).allSatisfy(job -> assertThat(job.start()).isGreaterThanOrEqualTo(job.job().submit()));
  }

  @Test
  void backfillStartsSomeJobsAheadOfEarlierSubmissions() {
    List<ScheduledJob> jobs = fifo.jobs();
    long overtaken = 0;
    for (ScheduledJob later : jobs) {
      overtaken += jobs.stream().filter(earlier -> earlier.job().submit() < later.job().submit()
          && earlier.start() > later.start()).count();
    }
    assertThat(overtaken).isPositive();
  }
}
