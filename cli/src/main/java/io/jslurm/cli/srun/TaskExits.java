package io.jslurm.cli.srun;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * How a step's tasks ended, and what srun makes of it: its exit status is the worst task's (a task killed by a
 * signal counts as 128 + the signal), and each node's failed tasks are reported in one line per outcome.
 */
public final class TaskExits {

    /**
     * One task's end; {@code signal} 0 when it exited by itself.
     *
     * @param outOfMemory the OOM killer ended it (with SIGKILL) because its step's cgroup ran out of memory
     */
    public record Exit(String node, int exitCode, int signal, boolean outOfMemory) {
        public Exit(String node, int exitCode, int signal) {
            this(node, exitCode, signal, false);
        }

        int status() {
            return signal != 0 ? 128 + signal : exitCode;
        }

        String describe() {
            return outOfMemory ? "Out Of Memory"
                    : signal != 0 ? signalName(signal) : "Exited with exit code " + exitCode;
        }
    }

    private final Map<Integer, Exit> byTask = new TreeMap<>();

    public synchronized void record(int task, Exit exit) {
        byTask.put(task, exit);
    }

    public synchronized int count() {
        return byTask.size();
    }

    public synchronized boolean ended(int task) {
        return byTask.containsKey(task);
    }

    /** The step's exit status: the worst task's. */
    public synchronized int status() {
        return byTask.values().stream().mapToInt(Exit::status).max().orElse(0);
    }

    /** The worst task's own exit code and signal, for the controller's record of the step. */
    public synchronized Exit worst() {
        return byTask.values().stream().max(java.util.Comparator.comparingInt(Exit::status))
                .orElse(new Exit("", 0, 0));
    }

    /** Whether the OOM killer ended any task: the step ends OUT_OF_MEMORY. */
    public synchronized boolean outOfMemory() {
        return byTask.values().stream().anyMatch(Exit::outOfMemory);
    }

    /** {@code node: tasks 0-1: Exited with exit code 3}, one line per node and outcome, for tasks that failed. */
    public synchronized List<String> failures() {
        Map<String, List<Integer>> grouped = new TreeMap<>();
        Map<String, String> order = new java.util.LinkedHashMap<>();
        for (Map.Entry<Integer, Exit> e : byTask.entrySet()) {
            Exit exit = e.getValue();
            if (exit.status() == 0) {
                continue;
            }
            String key = exit.node() + ": " + "\u0000" + exit.describe();
            grouped.computeIfAbsent(key, k -> new ArrayList<>()).add(e.getKey());
            order.putIfAbsent(key, key);
        }
        List<String> lines = new ArrayList<>();
        for (String key : order.keySet()) {
            List<Integer> tasks = grouped.get(key);
            String[] parts = key.split("\u0000", 2);
            lines.add(parts[0] + (tasks.size() == 1 ? "task " : "tasks ") + ranges(tasks) + ": " + parts[1]);
        }
        return lines;
    }

    /** Task ids as ranges: {@code 0-2,5}. */
    public static String ranges(List<Integer> ids) {
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < ids.size()) {
            int j = i;
            while (j + 1 < ids.size() && ids.get(j + 1) == ids.get(j) + 1) {
                j++;
            }
            if (out.length() > 0) {
                out.append(',');
            }
            out.append(ids.get(i));
            if (j > i) {
                out.append('-').append(ids.get(j));
            }
            i = j + 1;
        }
        return out.toString();
    }

    /** The words Slurm prints for a task killed by a signal (strsignal's). */
    static String signalName(int signal) {
        return switch (signal) {
            case 1 -> "Hangup";
            case 2 -> "Interrupt";
            case 3 -> "Quit";
            case 4 -> "Illegal instruction";
            case 6 -> "Aborted";
            case 7 -> "Bus error";
            case 8 -> "Floating point exception";
            case 9 -> "Killed";
            case 11 -> "Segmentation fault";
            case 13 -> "Broken pipe";
            case 14 -> "Alarm clock";
            case 15 -> "Terminated";
            default -> "Signal " + signal;
        };
    }
}
