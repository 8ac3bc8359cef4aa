package io.jslurm.sim.swf;

/** A trace that does not follow the Standard Workload Format; the message names the line. */
public final class SwfFormatException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public SwfFormatException(String message) {
    super(message);
  }
}
