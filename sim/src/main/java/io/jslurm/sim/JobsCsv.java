package io.jslurm.sim;

import io.jslurm.sim.reference.ScheduledJob;
import io.jslurm.sim.reference.WindowResult;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** The per-job schedule as CSV: {@code window,job_id,submit,run,procs,start,wait,bsld}. */
final class JobsCsv {

  static final String HEADER = "window,job_id,submit,run,procs,start,wait,bsld";

  private JobsCsv() {}

  static void write(Path file, List<WindowResult> windows) throws IOException {
    try (BufferedWriter csv = Files.newBufferedWriter(file, StandardCharsets.US_ASCII)) {
      csv.write(HEADER);
      csv.newLine();
      for (int window = 0; window < windows.size(); window++) {
        for (ScheduledJob job : windows.get(window).jobs()) {
          csv.write(String.format(Locale.ROOT, "%d,%d,%d,%d,%d,%d,%d,%.6f", window,
              job.job().jobId(), job.job().submit(), job.job().run(), job.job().procs(),
              job.start(), job.waitTime(), job.boundedSlowdown()));
          csv.newLine();
        }
      }
    }
  }
}
