package io.jslurm.sim.slurm;

import java.util.Locale;

/** How pending jobs are ordered. */
public enum PriorityMode {
  /** priority/basic: first come, first served, by submit time then job id. */
  FIFO,
  /** priority/multifactor with the age and job size factors (fair share and QOS are not modelled). */
  MULTIFACTOR;

  public static PriorityMode parse(String name) {
    for (PriorityMode mode : values()) {
      if (mode.toString().equals(name)) {
        return mode;
      }
    }
    throw new IllegalArgumentException("unknown priority '" + name + "' (expected fifo or multifactor)");
  }

  @Override
  public String toString() {
    return name().toLowerCase(Locale.ROOT);
  }
}
