package io.jslurm.slurmctld;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

/**
 * CPU time (user + system) of a process's threads, read from {@code /proc/<pid>/task/<tid>/stat} and summed by
 * thread name with its trailing number dropped ("C2 CompilerThread0" and "...1" count together), so a benchmark
 * run can say which part of the controller used the time: the event loops, the collector, the compiler, the
 * journal's thread. Threads that ended between two readings lose their time, so the figures are a lower bound.
 */
final class ThreadCpu {

    private final Map<String, Long> millisByGroup;

    private ThreadCpu(Map<String, Long> millisByGroup) {
        this.millisByGroup = millisByGroup;
    }

    static ThreadCpu read(long pid) throws IOException {
        Map<String, Long> groups = new TreeMap<>();
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc", Long.toString(pid), "task"))) {
            for (Path task : tasks) {
                String stat;
                try {
                    stat = Files.readString(task.resolve("stat"));
                } catch (NoSuchFileException ended) {
                    continue;
                }
                // The name is between the first '(' and the last ')': it may itself hold spaces and parentheses.
                String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
                String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                long millis = (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) * 10;
                groups.merge(group(name), millis, Long::sum);
            }
        }
        return new ThreadCpu(groups);
    }

    /** The kernel keeps 15 characters of a thread's name; the trailing digits number threads of one pool. */
    static String group(String name) {
        return name.replaceAll("[-_ ]?[0-9]+$", "").strip();
    }

    /** One line: each group's CPU since {@code before}, in microseconds per submission, largest first. */
    String perSubmission(ThreadCpu before, long submissions) {
        StringBuilder line = new StringBuilder("FIGURE controller CPU by thread, us per submission:");
        millisByGroup.entrySet().stream()
                .map(e -> Map.entry(e.getKey(), e.getValue() - before.millisByGroup.getOrDefault(e.getKey(), 0L)))
                .filter(e -> e.getValue() > 0)
                .sorted((a, b) -> Long.compare(b.getValue(), a.getValue()))
                .forEach(e -> line.append(String.format(" [%s] %.1f", e.getKey(),
                        e.getValue() * 1000.0 / Math.max(1, submissions))));
        return line.toString();
    }
}
