package io.jslurm.sim.reference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.jslurm.sim.SharedScheduling;
import io.jslurm.sim.swf.SwfReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Reference mode against the published RLScheduler schedules (SC'20, Tables V and VI): every
 * job's start time and every window's mean bounded slowdown, for all six policies on both traces.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PublishedScheduleTest {

  /** A trace as the baselines name it and the file it was replayed from. */
  private record Trace(String name, String file) {}

  private static final Trace LUBLIN_1 = new Trace("lublin1", "lublin_256.swf");
  private static final Trace LUBLIN_2 = new Trace("lublin2", "lublin_256_new2");

  private final Map<String, ReferenceWorkload> workloads = new HashMap<>();
  private final Map<String, Map<String, List<PublishedBaseline.Start>>> starts = new HashMap<>();

  @BeforeAll
  void readTracesAndBaselines() throws IOException {
    workloads.put(LUBLIN_1.name(), ReferenceWorkload.from(
        SwfReader.read(SharedScheduling.trace("lublin_256.swf.gz"))));
    workloads.put(LUBLIN_2.name(), ReferenceWorkload.from(
        SwfReader.read(SharedScheduling.trace("lublin_256_new2.swf.gz"))));
    starts.put(LUBLIN_1.name(), PublishedBaseline.starts(LUBLIN_1.name()));
    starts.put(LUBLIN_2.name(), PublishedBaseline.starts(LUBLIN_2.name()));
  }

  /** The README's table of average bounded slowdowns, rounded to two decimals. */
  static Stream<Arguments> publishedTable() {
    return Stream.of(
        Arguments.of(LUBLIN_1, Policy.FCFS, false, 7273.77),
        Arguments.of(LUBLIN_1, Policy.SJF, false, 277.35),
        Arguments.of(LUBLIN_1, Policy.F1, false, 258.37),
        Arguments.of(LUBLIN_1, Policy.FCFS, true, 235.82),
        Arguments.of(LUBLIN_1, Policy.SJF, true, 73.31),
        Arguments.of(LUBLIN_1, Policy.F1, true, 75.07),
        Arguments.of(LUBLIN_2, Policy.FCFS, false, 7842.47),
        Arguments.of(LUBLIN_2, Policy.SJF, false, 787.89),
        Arguments.of(LUBLIN_2, Policy.F1, false, 698.34),
        Arguments.of(LUBLIN_2, Policy.FCFS, true, 247.61),
        Arguments.of(LUBLIN_2, Policy.SJF, true, 91.99),
        Arguments.of(LUBLIN_2, Policy.F1, true, 148.25));
  }

  @ParameterizedTest(name = "{0} {1} backfill={2}")
  @MethodSource("publishedTable")
  void everyJobStartsWhenThePublishedSimulatorStartedIt(
      Trace trace, Policy policy, boolean backfill, double tableMean) {
    List<WindowResult> windows = replay(trace, policy, backfill);
    Map<String, Long> ours = new HashMap<>();
    for (int w = 0; w < windows.size(); w++) {
      for (ScheduledJob job : windows.get(w).jobs()) {
        ours.put(w + "/" + job.job().jobId(), job.start());
      }
    }

    List<PublishedBaseline.Start> published =
        starts.get(trace.name()).get(PublishedBaseline.key(policy.toString(), backfill));
    List<String> mismatches = new ArrayList<>();
    for (PublishedBaseline.Start row : published) {
      Long start = ours.get(row.window() + "/" + row.jobId());
      if (start == null || start != row.start()) {
        mismatches.add("window " + row.window() + " job " + row.jobId() + ": published start "
            + row.start() + ", ours " + start);
      }
    }

    assertThat(published).hasSize(10 * 1024);
    assertThat(ours).hasSameSizeAs(published);
    assertThat(mismatches).as("jobs started at another time than published").isEmpty();
  }

  @ParameterizedTest(name = "{0} {1} backfill={2}")
  @MethodSource("publishedTable")
  void windowMeansMatchThePublishedOnes(
      Trace trace, Policy policy, boolean backfill, double tableMean) throws IOException {
    JsonNode run = PublishedBaseline.windowMeans(trace.file(), backfill);
    JsonNode perWindow = run.get("per_sequence").get(policy.toString());

    List<WindowResult> windows = replay(trace, policy, backfill);

    for (int w = 0; w < windows.size(); w++) {
      assertThat(windows.get(w).averageBoundedSlowdown()).as("window %d", w)
          .isCloseTo(perWindow.get(w).asDouble(), within(1e-9));
    }
    double mean = SimulationSummary.of(windows).averageBoundedSlowdown();
    assertThat(mean).isCloseTo(run.get("mean").get(policy.toString()).asDouble(), within(1e-9));
    assertThat(Math.round(mean * 100) / 100.0).isEqualTo(tableMean);
  }

  @Test
  void theWindowsAreThePublishedOnes() throws IOException {
    for (Trace trace : List.of(LUBLIN_1, LUBLIN_2)) {
      JsonNode run = PublishedBaseline.windowMeans(trace.file(), false);
      List<Integer> published = new ArrayList<>();
      run.get("start_indices").forEach(index -> published.add(index.asInt()));

      assertThat(Window.RLSCHEDULER).extracting(Window::start).isEqualTo(published);
      assertThat(Window.RLSCHEDULER).extracting(Window::length)
          .containsOnly(run.get("len").asInt());
    }
  }

  private List<WindowResult> replay(Trace trace, Policy policy, boolean backfill) {
    return new ReferenceScheduler(policy, backfill)
        .run(workloads.get(trace.name()), Window.RLSCHEDULER);
  }
}
