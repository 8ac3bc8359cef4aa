package io.jslurm.sim.reference;

import java.util.List;

/**
 * Figures over several windows. Slowdown and wait are means of the per-window means, as the
 * published tables average them; utilization pools all windows' busy and offered processor-seconds.
 */
public record SimulationSummary(
    double averageBoundedSlowdown, double averageWait, double utilization, int jobs) {

  public static SimulationSummary of(List<WindowResult> windows) {
    if (windows.isEmpty()) {
      throw new IllegalArgumentException("no windows to summarise");
    }
    double busy = windows.stream().mapToDouble(WindowResult::busyProcSeconds).sum();
    double capacity = windows.stream().mapToDouble(WindowResult::capacityProcSeconds).sum();
    return new SimulationSummary(
        windows.stream().mapToDouble(WindowResult::averageBoundedSlowdown).average().orElseThrow(),
        windows.stream().mapToDouble(WindowResult::averageWait).average().orElseThrow(),
        capacity == 0 ? 0 : busy / capacity,
        windows.stream().mapToInt(window -> window.jobs().size()).sum());
  }
}
