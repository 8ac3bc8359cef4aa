package io.jslurm.sim.reference;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jslurm.sim.SharedScheduling;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;

/** The published simulator's schedules: per-job start times and per-window mean slowdowns. */
final class PublishedBaseline {

  /** One job row of the per-job CSV. */
  record Start(int window, long jobId, long start) {}

  private PublishedBaseline() {}

  /** Rows of one trace ({@code lublin1} or {@code lublin2}), keyed by "policy/backfill". */
  static Map<String, List<Start>> starts(String trace) throws IOException {
    Map<String, List<Start>> byRun = new HashMap<>();
    var file = SharedScheduling.baseline("rlsched-env_" + trace + "_perjob.csv.gz");
    try (BufferedReader csv = new BufferedReader(new InputStreamReader(
        new GZIPInputStream(Files.newInputStream(file)), StandardCharsets.US_ASCII))) {
      List<String> header = List.of(csv.readLine().split(","));
      int backfill = header.indexOf("backfill");
      int policy = header.indexOf("policy");
      int window = header.indexOf("window");
      int jobId = header.indexOf("job_id");
      int start = header.indexOf("start");
      for (String line = csv.readLine(); line != null; line = csv.readLine()) {
        String[] f = line.split(",");
        byRun.computeIfAbsent(key(f[policy], f[backfill].equals("1")), k -> new ArrayList<>())
            .add(new Start(Integer.parseInt(f[window]), Long.parseLong(f[jobId]),
                Long.parseLong(f[start])));
      }
    }
    return byRun;
  }

  static String key(String policy, boolean backfill) {
    return policy + "/" + (backfill ? 1 : 0);
  }

  /** The bounded-slowdown run (score type 0) of a workload file name and backfill setting. */
  static JsonNode windowMeans(String workload, boolean backfill) throws IOException {
    JsonNode runs = new ObjectMapper().readTree(
        SharedScheduling.baseline("rlsched-env_window_means.json").toFile());
    for (JsonNode run : runs) {
      if (run.get("workload").asText().equals(workload)
          && run.get("backfil").asInt() == (backfill ? 1 : 0)
          && run.get("score_type").asInt() == 0) {
        return run;
      }
    }
    throw new IllegalStateException("no bounded-slowdown run for " + workload);
  }
}
