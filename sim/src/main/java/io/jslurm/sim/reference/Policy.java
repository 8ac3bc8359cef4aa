package io.jslurm.sim.reference;

import java.util.Comparator;
import java.util.Locale;

/** Queue orders of the reference protocol; the job sorted first is the next to start. */
public enum Policy {
  /** First come, first served. */
  FCFS(Comparator.comparingLong(ReferenceJob::submit)),
  /** Shortest (requested) job first, earlier submit breaking ties. */
  SJF(Comparator.comparingLong(ReferenceJob::requestedTime)
      .thenComparingLong(ReferenceJob::submit)),
  /** The learned F1 function of Carastan-Santos and de Camargo (SC'17). */
  F1(Comparator.comparingDouble(Policy::f1Score));

  private final Comparator<ReferenceJob> order;

  Policy(Comparator<ReferenceJob> order) {
    this.order = order;
  }

  /** The queue order; callers must sort stably because equal keys keep their queue order. */
  public Comparator<ReferenceJob> order() {
    return order;
  }

  /**
   * log10(r)*n + 870*log10(s); non-positive r or s count as 0.1 so the logarithm stays finite.
   * StrictMath gives the same bits on every JVM, so near-ties order the same everywhere.
   */
  static double f1Score(ReferenceJob job) {
    double requested = job.requestedTime() > 0 ? job.requestedTime() : 0.1;
    double submit = job.submit() > 0 ? job.submit() : 0.1;
    return StrictMath.log10(requested) * job.procs() + 870 * StrictMath.log10(submit);
  }

  public static Policy parse(String name) {
    try {
      return valueOf(name.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("unknown policy '" + name + "' (expected fcfs, sjf or f1)");
    }
  }

  @Override
  public String toString() {
    return name().toLowerCase(Locale.ROOT);
  }
}
