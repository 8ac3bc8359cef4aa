package io.jslurm.sim.reference;

import io.jslurm.sim.swf.SwfReader;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;

/** Hand-made SWF traces for tests: one job per row of (id, submit, run, procs, requested time). */
final class TinyTrace {

  private final StringBuilder swf = new StringBuilder();

  private TinyTrace(int maxNodes, int maxProcs) {
    swf.append("; MaxNodes: ").append(maxNodes).append('\n');
    swf.append("; MaxProcs: ").append(maxProcs).append('\n');
  }

  static TinyTrace machine(int nodes) {
    return new TinyTrace(nodes, nodes);
  }

  static TinyTrace machine(int nodes, int procs) {
    return new TinyTrace(nodes, procs);
  }

  /** A job line as the Lublin traces write it: allocated processors only, no estimate. */
  TinyTrace job(long id, long submit, long run, int procs) {
    return job(id, submit, run, procs, -1);
  }

  TinyTrace job(long id, long submit, long run, int procs, long requestedTime) {
    swf.append(id).append(' ').append(submit).append(" -1 ").append(run).append(' ').append(procs)
        .append(" -1 -1 -1 ").append(requestedTime).append(" -1 1 1 -1 -1 -1 -1 -1 -1\n");
    return this;
  }

  ReferenceWorkload workload() {
    try {
      return ReferenceWorkload.from(SwfReader.read(new StringReader(swf.toString())));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
