package io.jslurm.sim.reference;

import java.util.List;

/** A run of {@code length} consecutive jobs starting at 0-based index {@code start} of a workload. */
public record Window(int start, int length) {

  /** The windows of 1,024 jobs behind the published RLScheduler numbers (Lublin-1 and Lublin-2). */
  public static final List<Window> RLSCHEDULER = List.of(1981, 2756, 4299, 8850, 3316, 2714, 5228,
          7762, 4022, 7085).stream()
      .map(start -> new Window(start, 1024))
      .toList();

  public Window {
    if (start < 0) {
      throw new IllegalArgumentException("window start must not be negative: " + start);
    }
    if (length < 1) {
      throw new IllegalArgumentException("window length must be positive: " + length);
    }
  }

  /** Parses {@code START:LENGTH}. */
  public static Window parse(String text) {
    int colon = text.indexOf(':');
    if (colon < 0) {
      throw new IllegalArgumentException("expected START:LENGTH, got '" + text + "'");
    }
    try {
      return new Window(Integer.parseInt(text.substring(0, colon)),
          Integer.parseInt(text.substring(colon + 1)));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("expected START:LENGTH in whole numbers, got '" + text + "'");
    }
  }

  /** This window's part of a workload's job list. */
  public <T> List<T> of(List<T> jobs) {
    if (end() > jobs.size()) {
      throw new IllegalArgumentException(
          "window " + this + " ends past the last of the trace's " + jobs.size() + " jobs");
    }
    return jobs.subList(start, end());
  }

  public int end() {
    return start + length;
  }

  @Override
  public String toString() {
    return start + ":" + length;
  }
}
