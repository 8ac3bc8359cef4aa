package io.jslurm.slurmctld;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Bytes a process's threads have allocated, as {@code jstack -e} reports them ({@code allocated=...} per thread),
 * summed by thread name without its trailing number. Unlike CPU time the figure does not move with the machine's
 * load, so it shows what a change that removes objects did; per thread, so the scheduling pass (whose work grows
 * with the queue, not with the submissions) stays apart from the event loops that handle each submission. Threads
 * that ended between two readings drop out; jstack rounds to whole units (K, M, G), which over a run of tens of
 * thousands of submissions is well under a percent. Prints nothing where {@code jstack} is missing.
 */
final class ThreadAllocation {

    private static final Pattern THREAD = Pattern.compile("^\"(.*)\" .*\\ballocated=([0-9.]+)([BKMG])\\b");

    private final Map<String, Long> bytesByGroup;

    private ThreadAllocation(Map<String, Long> bytesByGroup) {
        this.bytesByGroup = bytesByGroup;
    }

    static ThreadAllocation read(long pid) throws InterruptedException {
        String jstack = Path.of(System.getProperty("java.home"), "bin", "jstack").toString();
        try {
            Process process = new ProcessBuilder(jstack, "-e", Long.toString(pid)).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            process.waitFor();
            return parse(output);
        } catch (IOException e) {
            return new ThreadAllocation(Map.of());
        }
    }

    static ThreadAllocation parse(String jstackOutput) {
        Map<String, Long> groups = new TreeMap<>();
        for (String line : jstackOutput.lines().toList()) {
            Matcher m = THREAD.matcher(line);
            if (m.find()) {
                long unit = switch (m.group(3)) {
                    case "K" -> 1L << 10;
                    case "M" -> 1L << 20;
                    case "G" -> 1L << 30;
                    default -> 1L;
                };
                groups.merge(ThreadCpu.group(m.group(1)), Math.round(Double.parseDouble(m.group(2)) * unit), Long::sum);
            }
        }
        return new ThreadAllocation(groups);
    }

    long bytes(String group) {
        return bytesByGroup.getOrDefault(group, 0L);
    }

    /** One line: bytes each group allocated since {@code before}, per submission, largest first. */
    String perSubmission(ThreadAllocation before, long submissions) {
        if (bytesByGroup.isEmpty()) {
            return "FIGURE controller allocation: unknown (no jstack -e)";
        }
        StringBuilder line = new StringBuilder("FIGURE controller allocation by thread, bytes per submission:");
        bytesByGroup.entrySet().stream()
                .map(e -> Map.entry(e.getKey(), e.getValue() - before.bytes(e.getKey())))
                .filter(e -> e.getValue() * 10 >= submissions)
                .sorted((a, b) -> Long.compare(b.getValue(), a.getValue()))
                .forEach(e -> line.append(String.format(" [%s] %.0f", e.getKey(),
                        e.getValue() / (double) Math.max(1, submissions))));
        return line.toString();
    }
}
