package io.jslurm.sim;

import io.jslurm.sim.reference.Policy;
import io.jslurm.sim.reference.Window;
import io.jslurm.sim.slurm.AllocationUnit;
import io.jslurm.sim.slurm.PriorityMode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The parsed command line of {@code slurmsim}.
 *
 * @param windows the windows to replay, in the order given; empty means the whole filtered trace
 * @param slurm the options of {@code --mode slurm}
 */
record SimOptions(
    Path trace,
    SimMode mode,
    Policy policy,
    boolean backfill,
    List<Window> windows,
    Optional<Path> jobsCsv,
    SlurmOptions slurm,
    boolean help) {

  static final String USAGE = """
      Usage: slurmsim --trace FILE[.gz] [--mode reference|slurm] [--window START:LENGTH]...
                      [--jobs-csv FILE] [reference options | Slurm options]
      Replays a Standard Workload Format trace with a simulated clock.
        --trace FILE        SWF trace, plain or gzip-compressed
        --mode MODE         reference (the RLScheduler protocol, default) or slurm (the
                            jslurm scheduler core)
        --window S:L        replay L consecutive jobs from 0-based index S of the filtered
                            trace; repeatable; default: the whole trace as one window
        --jobs-csv FILE     write every job's start, wait and bounded slowdown to FILE
        -h, --help          show this help
      Reference mode:
        --policy POLICY     queue order: fcfs (default), sjf or f1
        --backfill          start later jobs early when they cannot delay the first one
      Slurm mode (each overrides slurm.conf):
        --conf FILE         the cluster and its settings; default: the trace header's
                            MaxNodes nodes of MaxProcs/MaxNodes cores in one partition
        --allocate UNIT     nodes (default: whole nodes, --exclusive) or cores (-n PROCS)
        --priority P        fifo or multifactor (default: slurm.conf's PriorityType, else fifo)
        --priority-weight-age N, --priority-weight-job-size N, --priority-max-age TIME
        --bf-window MIN     bf_window in minutes (default 1440)
        --bf-resolution S   bf_resolution in seconds (default 60)
        --bf-max-job-test N bf_max_job_test (default 500)
        --bf-interval S     bf_interval in simulated seconds (default 30)
        --no-backfill       SchedulerType=sched/builtin: strict priority order only
      """;

  private static final Set<String> SLURM_ONLY = Set.of("--conf", "--allocate", "--priority",
      "--priority-weight-age", "--priority-weight-job-size", "--priority-max-age", "--bf-window",
      "--bf-resolution", "--bf-max-job-test", "--bf-interval", "--no-backfill");
  private static final Set<String> REFERENCE_ONLY = Set.of("--policy", "--backfill");
  private static final Set<String> FLAGS = Set.of("--backfill", "--no-backfill");

  SimOptions {
    windows = List.copyOf(windows);
    Objects.requireNonNull(mode, "mode");
    Objects.requireNonNull(policy, "policy");
    Objects.requireNonNull(jobsCsv, "jobsCsv");
    Objects.requireNonNull(slurm, "slurm");
  }

  static SimOptions parse(String... args) throws UsageException {
    Path trace = null;
    SimMode mode = SimMode.REFERENCE;
    Policy policy = Policy.FCFS;
    boolean backfill = false;
    List<Window> windows = new ArrayList<>();
    Optional<Path> jobsCsv = Optional.empty();
    List<String> given = new ArrayList<>();
    Optional<Path> conf = Optional.empty();
    OptionalInt bfWindow = OptionalInt.empty();
    OptionalInt bfResolution = OptionalInt.empty();
    OptionalInt bfMaxJobTest = OptionalInt.empty();
    OptionalInt bfInterval = OptionalInt.empty();
    boolean noBackfill = false;
    Optional<PriorityMode> priority = Optional.empty();
    OptionalLong weightAge = OptionalLong.empty();
    OptionalLong weightJobSize = OptionalLong.empty();
    Optional<Duration> maxAge = Optional.empty();
    AllocationUnit unit = AllocationUnit.NODES;
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      String name = arg;
      String inline = null;
      int equals = arg.indexOf('=');
      if (arg.startsWith("--") && equals > 0) {
        name = arg.substring(0, equals);
        inline = arg.substring(equals + 1);
      }
      if (name.equals("-h") || name.equals("--help")) {
        return new SimOptions(null, mode, policy, false, List.of(), Optional.empty(),
            SlurmOptions.DEFAULTS, true);
      }
      if (FLAGS.contains(name)) {
        if (inline != null) {
          throw new UsageException(name + " takes no value");
        }
        given.add(name);
        if (name.equals("--backfill")) {
          backfill = true;
        } else {
          noBackfill = true;
        }
        continue;
      }
      if (!name.startsWith("--") || !(SLURM_ONLY.contains(name) || REFERENCE_ONLY.contains(name)
          || Set.of("--trace", "--mode", "--window", "--jobs-csv").contains(name))) {
        throw new UsageException(
            (arg.startsWith("-") ? "unknown option " : "unexpected argument ") + "'" + arg + "'");
      }
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
      given.add(name);
      try {
        switch (name) {
          case "--trace" -> trace = Path.of(value);
          case "--mode" -> mode = SimMode.parse(value);
          case "--policy" -> policy = Policy.parse(value);
          case "--window" -> windows.add(Window.parse(value));
          case "--jobs-csv" -> jobsCsv = Optional.of(Path.of(value));
          case "--conf" -> conf = Optional.of(Path.of(value));
          case "--bf-window" -> bfWindow = SlurmOptions.positive(value);
          case "--bf-resolution" -> bfResolution = SlurmOptions.positive(value);
          case "--bf-max-job-test" -> bfMaxJobTest = SlurmOptions.positive(value);
          case "--bf-interval" -> bfInterval = SlurmOptions.positive(value);
          case "--priority" -> priority = Optional.of(PriorityMode.parse(value));
          case "--priority-weight-age" -> weightAge = SlurmOptions.weight(value);
          case "--priority-weight-job-size" -> weightJobSize = SlurmOptions.weight(value);
          case "--priority-max-age" -> maxAge = Optional.of(SlurmOptions.age(value));
          default -> unit = AllocationUnit.parse(value);
        }
      } catch (IllegalArgumentException e) {
        throw new UsageException(name + ": " + e.getMessage());
      }
    }
    if (trace == null) {
      throw new UsageException("--trace is required");
    }
    Set<String> wrongMode = mode == SimMode.SLURM ? REFERENCE_ONLY : SLURM_ONLY;
    for (String option : given) {
      if (wrongMode.contains(option)) {
        throw new UsageException(option + " applies to --mode "
            + (mode == SimMode.SLURM ? "reference" : "slurm") + " only");
      }
    }
    SlurmOptions slurm = new SlurmOptions(conf, bfWindow, bfResolution, bfMaxJobTest, bfInterval,
        noBackfill, priority, weightAge, weightJobSize, maxAge, unit);
    return new SimOptions(trace, mode, policy, backfill, windows, jobsCsv, slurm, false);
  }
}
