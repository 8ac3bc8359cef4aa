package io.jslurm.sim;

import java.util.Locale;

/** Which scheduler replays the trace. */
enum SimMode {
  /** The published RLScheduler protocol, reproduced job by job. */
  REFERENCE,
  /** The jslurm scheduler core with Slurm's priority and backfill rules. */
  SLURM;

  static SimMode parse(String name) throws UsageException {
    for (SimMode mode : values()) {
      if (mode.toString().equals(name)) {
        return mode;
      }
    }
    throw new UsageException("--mode: unknown mode '" + name + "' (expected reference or slurm)");
  }

  @Override
  public String toString() {
    return name().toLowerCase(Locale.ROOT);
  }
}
