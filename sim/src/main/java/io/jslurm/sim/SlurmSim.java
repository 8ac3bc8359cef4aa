package io.jslurm.sim;

import io.jslurm.sim.reference.ReferenceScheduler;
import io.jslurm.sim.reference.ReferenceWorkload;
import io.jslurm.sim.reference.SimulationSummary;
import io.jslurm.sim.reference.Window;
import io.jslurm.sim.reference.WindowResult;
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
    if (options.mode() == SimMode.SLURM) {
      err.println("slurmsim: --mode slurm is not implemented yet");
      return EXIT_FAILED;
    }
    if (!Files.isRegularFile(options.trace())) {
      err.println("slurmsim: --trace: no such file: " + options.trace());
      return EXIT_USAGE;
    }
    try {
      return replay(options);
    } catch (UsageException e) {
      err.println("slurmsim: " + e.getMessage());
      return EXIT_USAGE;
    } catch (IOException | SwfFormatException | IllegalArgumentException e) {
      err.println("slurmsim: " + e.getMessage());
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
    ReferenceWorkload workload = ReferenceWorkload.from(trace);
    if (workload.size() == 0) {
      throw new IllegalArgumentException(options.trace() + ": no jobs left to replay after filtering");
    }
    List<Window> windows = options.windows().isEmpty()
        ? List.of(new Window(0, workload.size()))
        : options.windows();
    for (Window window : windows) {
      if (window.end() > workload.size()) {
        throw new UsageException("--window " + window + ": the trace has only " + workload.size()
            + " jobs after filtering");
      }
    }
    List<WindowResult> results =
        new ReferenceScheduler(options.policy(), options.backfill()).run(workload, windows);
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
}
