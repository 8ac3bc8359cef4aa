package io.jslurm.sim;

import io.jslurm.sim.reference.SimulationSummary;
import io.jslurm.sim.reference.WindowResult;
import java.io.PrintStream;
import java.util.Locale;

/** The lines {@code slurmsim} prints: one per window, then the summary. */
record Report(PrintStream out) {

  void window(int index, WindowResult result) {
    out.println(String.format(Locale.ROOT,
        "window=%d start=%d length=%d avg_bsld=%.2f avg_wait=%.2f utilization=%.4f makespan=%d",
        index, result.window().start(), result.window().length(),
        result.averageBoundedSlowdown(), result.averageWait(), result.utilization(),
        result.makespan()));
  }

  void summary(SimulationSummary summary) {
    out.println(String.format(Locale.ROOT, "avg_bsld=%.2f avg_wait=%.2f utilization=%.4f jobs=%d",
        summary.averageBoundedSlowdown(), summary.averageWait(), summary.utilization(),
        summary.jobs()));
  }
}
