package io.jslurm.slurmctld;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * How much a process allocated between two readings, from {@code jstat -gc}: every collection empties the young
 * generation's eden, so the bytes allocated are the collections times eden's capacity plus the change in eden's
 * use. Like the system call counts, and unlike CPU time, the figure does not move with the machine's load, which
 * makes it the one to compare when a change removes objects. An estimate: eden is collected a little before it is
 * quite full, and objects too large for eden are not counted. Prints nothing where {@code jstat} is missing.
 */
final class HeapAllocation {

    private final Map<String, Double> columns;

    private HeapAllocation(Map<String, Double> columns) {
        this.columns = columns;
    }

    static HeapAllocation read(long pid) throws InterruptedException {
        String jstat = Path.of(System.getProperty("java.home"), "bin", "jstat").toString();
        try {
            Process process = new ProcessBuilder(jstat, "-gc", Long.toString(pid)).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            process.waitFor();
            return parse(output);
        } catch (IOException e) {
            return new HeapAllocation(Map.of());
        }
    }

    /** {@code jstat -gc}'s two lines: column names, then values (KB, counts, seconds). */
    static HeapAllocation parse(String output) {
        List<String> lines = output.lines().map(String::strip).filter(line -> !line.isEmpty()).toList();
        Map<String, Double> columns = new HashMap<>();
        if (lines.size() < 2) {
            return new HeapAllocation(columns);
        }
        String[] names = lines.get(0).split("\\s+");
        String[] values = lines.get(1).split("\\s+");
        for (int i = 0; i < Math.min(names.length, values.length); i++) {
            try {
                columns.put(names[i], Double.parseDouble(values[i]));
            } catch (NumberFormatException e) {
                // "-" for a column the collector does not have.
            }
        }
        return new HeapAllocation(columns);
    }

    /** Bytes allocated since {@code before}, or -1 when either reading lacks the columns. */
    long bytesSince(HeapAllocation before) {
        List<String> needed = List.of("EC", "EU", "YGC", "FGC");
        if (!columns.keySet().containsAll(needed) || !before.columns.keySet().containsAll(needed)) {
            return -1;
        }
        double collections = columns.get("YGC") - before.columns.get("YGC") + columns.get("FGC")
                - before.columns.get("FGC");
        double kib = collections * columns.get("EC") + columns.get("EU") - before.columns.get("EU");
        return Math.round(kib * 1024);
    }

    String perSubmission(HeapAllocation before, long submissions) {
        long bytes = bytesSince(before);
        if (bytes < 0) {
            return "FIGURE controller allocation: unknown (no jstat)";
        }
        return String.format("FIGURE controller allocation: %.0f bytes per submission (%.0f young collections)",
                bytes / (double) Math.max(1, submissions), columns.get("YGC") - before.columns.get("YGC"));
    }
}
