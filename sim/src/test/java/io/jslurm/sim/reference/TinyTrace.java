package io.jslurm.sim.reference;

import io.jslurm.sim.swf.SwfReader;
import io.jslurm.sim.swf.SwfTrace;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;

/** Hand-made SWF traces for tests: one job per row of (id, submit, run, procs, requested time). */
public final class TinyTrace {

  private final StringBuilder swf = new StringBuilder();

  private TinyTrace(int maxNodes, int maxProcs) {
    swf.append("; MaxNodes: ").append(maxNodes).append('\n');
    swf.append("; MaxProcs: ").append(maxProcs).append('\n');
  }

  public static TinyTrace machine(int nodes) {
    return new TinyTrace(nodes, nodes);
  }

  public static TinyTrace machine(int nodes, int procs) {
    return new TinyTrace(nodes, procs);
  }

  /** A job line as the Lublin traces write it: allocated processors only, no estimate. */
  public TinyTrace job(long id, long submit, long run, int procs) {
    return job(id, submit, run, procs, -1);
  }

  public TinyTrace job(long id, long submit, long run, int procs, long requestedTime) {
    return job(id, submit, run, procs, requestedTime, -1);
  }

  /** A job of partition number {@code partition} (field 16). */
  public TinyTrace job(long id, long submit, long run, int procs, long requestedTime,
      int partition) {
    swf.append(id).append(' ').append(submit).append(" -1 ").append(run).append(' ').append(procs)
        .append(" -1 -1 -1 ").append(requestedTime).append(" -1 1 1 -1 -1 -1 ").append(partition)
        .append(" -1 -1\n");
    return this;
  }

  ReferenceWorkload workload() {
    return ReferenceWorkload.from(trace());
  }

  public SwfTrace trace() {
    try {
      return SwfReader.read(new StringReader(swf.toString()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
