package io.jslurm.sim;

import io.jslurm.sim.reference.Policy;
import io.jslurm.sim.reference.Window;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The parsed command line of {@code slurmsim}.
 *
 * @param windows the windows to replay, in the order given; empty means the whole filtered trace
 */
record SimOptions(
    Path trace,
    SimMode mode,
    Policy policy,
    boolean backfill,
    List<Window> windows,
    Optional<Path> jobsCsv,
    boolean help) {

  static final String USAGE = """
      Usage: slurmsim --trace FILE[.gz] [--mode reference|slurm] [--policy fcfs|sjf|f1]
                      [--backfill] [--window START:LENGTH]... [--jobs-csv FILE]
      Replays a Standard Workload Format trace with a simulated clock.
        --trace FILE        SWF trace, plain or gzip-compressed
        --mode MODE         reference (the RLScheduler protocol, default) or slurm
        --policy POLICY     queue order: fcfs (default), sjf or f1
        --backfill          start later jobs early when they cannot delay the first one
        --window S:L        replay L consecutive jobs from 0-based index S of the filtered
                            trace; repeatable; default: the whole trace as one window
        --jobs-csv FILE     write every job's start, wait and bounded slowdown to FILE
        -h, --help          show this help
      """;

  SimOptions {
    windows = List.copyOf(windows);
    Objects.requireNonNull(mode, "mode");
    Objects.requireNonNull(policy, "policy");
    Objects.requireNonNull(jobsCsv, "jobsCsv");
  }

  static SimOptions parse(String... args) throws UsageException {
    Path trace = null;
    SimMode mode = SimMode.REFERENCE;
    Policy policy = Policy.FCFS;
    boolean backfill = false;
    List<Window> windows = new ArrayList<>();
    Optional<Path> jobsCsv = Optional.empty();
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      String name = arg;
      String inline = null;
      int equals = arg.indexOf('=');
      if (arg.startsWith("--") && equals > 0) {
        name = arg.substring(0, equals);
        inline = arg.substring(equals + 1);
      }
      switch (name) {
        case "-h", "--help" -> {
          return new SimOptions(null, mode, policy, false, List.of(), Optional.empty(), true);
        }
        case "--backfill" -> {
          if (inline != null) {
            throw new UsageException("--backfill takes no value");
          }
          backfill = true;
        }
        case "--trace", "--mode", "--policy", "--window", "--jobs-csv" -> {
          String value = inline;
          if (value == null) {
            if (i + 1 >= args.length) {
              throw new UsageException(name + " requires a value");
            }
            value = args[++i];
          }
          if (value.isEmpty()) {
            throw new UsageException(name + " requires a value");
          }
          switch (name) {
            case "--trace" -> trace = Path.of(value);
            case "--mode" -> mode = SimMode.parse(value);
            case "--policy" -> policy = parsePolicy(value);
            case "--window" -> windows.add(parseWindow(value));
            default -> jobsCsv = Optional.of(Path.of(value));
          }
        }
        default -> throw new UsageException(
            (arg.startsWith("-") ? "unknown option " : "unexpected argument ") + "'" + arg + "'");
      }
    }
    if (trace == null) {
      throw new UsageException("--trace is required");
    }
    return new SimOptions(trace, mode, policy, backfill, windows, jobsCsv, false);
  }

  private static Policy parsePolicy(String value) throws UsageException {
    try {
      return Policy.parse(value);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--policy: " + e.getMessage());
    }
  }

  private static Window parseWindow(String value) throws UsageException {
    try {
      return Window.parse(value);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--window: " + e.getMessage());
    }
  }
}
