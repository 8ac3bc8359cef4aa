package io.jslurm.sim;

import io.jslurm.conf.ConfException;
import io.jslurm.conf.ConfLoader;
import io.jslurm.sim.reference.ReferenceScheduler;
import io.jslurm.sim.reference.ReferenceWorkload;
import io.jslurm.sim.reference.SimulationSummary;
import io.jslurm.sim.reference.Window;
import io.jslurm.sim.reference.WindowResult;
import io.jslurm.sim.slurm.ConfCluster;
import io.jslurm.sim.slurm.SimCluster;
import io.jslurm.sim.slurm.SlurmScheduler;
import io.jslurm.sim.slurm.SlurmWorkload;
import io.jslurm.sim.swf.SwfFormatException;
import io.jslurm.sim.swf.SwfReader;
import io.jslurm.sim.swf.SwfTrace;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.util.List;

/**
 * {@code slurmsim}: replays a workload trace and prints one line per window, then a summary line.
 * Exit status 0 on success, 1 when the run fails, 2 for a bad command line.
 */
public final class SlurmSim {

  static final int EXIT_OK = 0;
  static final int EXIT_FAILED = 1;
  static final int EXIT_USAGE = 2;

  private final PrintStream out;
  private final PrintStream err;

  SlurmSim(PrintStream out, PrintStream err) {
    this.out = out;
    this.err = err;
  }

  public static void main(String[] args) {
    System.exit(new SlurmSim(System.out, System.err).run(args));
  }

  int run(String... args) {
    SimOptions options;
    try {
      options = SimOptions.parse(args);
    } catch (UsageException e) {
      err.println("slurmsim: " + e.getMessage());
      err.println("Try 'slurmsim --help' for more information.");
      return EXIT_USAGE;
    }
    if (options.help()) {
      out.print(SimOptions.USAGE);
      return EXIT_OK;
    }
    if (!Files.isRegularFile(options.trace())) {
      err.println("slurmsim: --trace: no such file: " + options.trace());
      return EXIT_USAGE;
    }
    if (options.slurm().conf().isPresent() && !Files.isRegularFile(options.slurm().conf().get())) {
      err.println("slurmsim: --conf: no such file: " + options.slurm().conf().get());
      return EXIT_USAGE;
    }
    try {
      return replay(options);
    } catch (UsageException e) {
      err.println("slurmsim: " + e.getMessage());
      return EXIT_USAGE;
    } catch (IOException | SwfFormatException | IllegalArgumentException
        | IllegalStateException e) {
      err.println("slurmsim: " + e.getMessage());
      return EXIT_FAILED;
    } catch (ConfException e) {
      err.println("slurmsim: " + options.slurm().conf().orElseThrow() + ": " + e.getMessage());
      return EXIT_FAILED;
    }
  }

  private int replay(SimOptions options) throws IOException, UsageException {
    SwfTrace trace;
    try {
      trace = SwfReader.read(options.trace());
    } catch (SwfFormatException e) {
      throw new SwfFormatException(options.trace() + ": " + e.getMessage());
    }
    List<WindowResult> results = options.mode() == SimMode.SLURM
        ? replaySlurm(options, trace)
        : replayReference(options, trace);
    Report report = new Report(out);
    for (int i = 0; i < results.size(); i++) {
      report.window(i, results.get(i));
    }
    report.summary(SimulationSummary.of(results));
    if (options.jobsCsv().isPresent()) {
      JobsCsv.write(options.jobsCsv().get(), results);
    }
    return EXIT_OK;
  }

  private static List<WindowResult> replayReference(SimOptions options, SwfTrace trace)
      throws UsageException {
    ReferenceWorkload workload = ReferenceWorkload.from(trace);
    List<Window> windows = windows(options, workload.size());
    return new ReferenceScheduler(options.policy(), options.backfill()).run(workload, windows);
  }

  private static List<WindowResult> replaySlurm(SimOptions options, SwfTrace trace)
      throws UsageException {
    SlurmWorkload workload = SlurmWorkload.from(trace);
    List<Window> windows = windows(options, workload.size());
    SimCluster base = options.slurm().conf().isPresent()
        ? ConfCluster.from(ConfLoader.fromFileSystem().load(options.slurm().conf().get()).slurm())
        : SimCluster.fromTrace(trace.header());
    SimCluster cluster = options.slurm().applyTo(base);
    return new SlurmScheduler(cluster, options.slurm().unit()).run(workload, windows);
  }

  private static List<Window> windows(SimOptions options, int jobs) throws UsageException {
    if (jobs == 0) {
      throw new IllegalArgumentException(options.trace() + ": no jobs left to replay after filtering");
    }
    List<Window> windows = options.windows().isEmpty()
        ? List.of(new Window(0, jobs))
        : options.windows();
    for (Window window : windows) {
      if (window.end() > jobs) {
        throw new UsageException("--window " + window + ": the trace has only " + jobs
            + " jobs after filtering");
      }
    }
    return windows;
  }
}
