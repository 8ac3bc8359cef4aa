package io.jslurm.sim;

/** A command line that cannot be run; the message names the offending option. */
final class UsageException extends Exception {

  private static final long serialVersionUID = 1L;

  UsageException(String message) {
    super(message);
  }
}
