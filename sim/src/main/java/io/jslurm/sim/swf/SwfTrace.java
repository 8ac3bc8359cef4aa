package io.jslurm.sim.swf;

import java.util.List;
import java.util.Objects;

/** A whole trace: its header and its job lines in file order. */
public record SwfTrace(SwfHeader header, List<SwfJob> jobs) {

  public SwfTrace {
    Objects.requireNonNull(header, "header");
    jobs = List.copyOf(Objects.requireNonNull(jobs, "jobs"));
  }
}
