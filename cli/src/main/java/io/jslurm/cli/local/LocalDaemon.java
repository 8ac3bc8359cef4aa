package io.jslurm.cli.local;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One daemon slurm-local starts: how to start it, and the pid file that says it runs. A pid counts only
 * while that process's command line still names this daemon, so a pid recycled by another program is never
 * signalled.
 *
 * @param name     slurmctld, slurmdbd or slurmd-NODE: the pid file's and console log's name
 * @param argv     the launcher and its arguments
 * @param identity strings the running process's command line must all contain
 */
record LocalDaemon(String name, List<String> argv, Map<String, String> environment, Path pidFile, Path consoleLog,
                   List<String> identity) {

    LocalDaemon {
        Objects.requireNonNull(name, "name");
        argv = List.copyOf(argv);
        environment = Map.copyOf(environment);
        Objects.requireNonNull(pidFile, "pidFile");
        Objects.requireNonNull(consoleLog, "consoleLog");
        identity = List.copyOf(identity);
    }

    /** The pid of this daemon when it runs. */
    Optional<Long> running() {
        long pid;
        try {
            pid = Long.parseLong(Files.readString(pidFile).strip());
        } catch (IOException | NumberFormatException noPid) {
            return Optional.empty();
        }
        return isOurs(pid) ? Optional.of(pid) : Optional.empty();
    }

    private boolean isOurs(long pid) {
        if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
            try {
                List<String> words = Arrays.asList(
                        Files.readString(Path.of("/proc", Long.toString(pid), "cmdline"), StandardCharsets.UTF_8).split("\0"));
                return identity.stream().allMatch(words::contains);
            } catch (IOException gone) {
                return false;
            }
        }
        return false;
    }

    /**
     * Starts the daemon in a session of its own (no terminal hang-up or Ctrl-C reaches it), console output
     * appended to its console log, and records its pid. {@code setsid} execs in place, so the pid is the daemon's.
     */
    long start() throws IOException {
        Files.createDirectories(pidFile.getParent());
        Files.createDirectories(consoleLog.getParent());
        List<String> command = new ArrayList<>();
        command.add("setsid");
        command.addAll(argv);
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                .redirectOutput(ProcessBuilder.Redirect.appendTo(consoleLog.toFile()))
                .redirectErrorStream(true);
        builder.environment().putAll(environment);
        Process process = builder.start();
        Files.writeString(pidFile, process.pid() + "\n");
        return process.pid();
    }

    /** SIGTERM, then SIGKILL if it has not ended within {@code grace}. Returns whether it was running. */
    boolean stop(Duration grace) throws InterruptedException, IOException {
        Optional<Long> pid = running();
        if (pid.isEmpty()) {
            Files.deleteIfExists(pidFile);
            return false;
        }
        ProcessHandle process = ProcessHandle.of(pid.get()).orElse(null);
        if (process != null) {
            process.destroy();
            long deadline = System.nanoTime() + grace.toNanos();
            while (process.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            if (process.isAlive()) {
                process.destroyForcibly();
            }
        }
        Files.deleteIfExists(pidFile);
        return true;
    }

    /** The last lines of what the daemon wrote, for an error message. */
    static String tail(Path file, int lines) {
        try {
            List<String> all = Files.readAllLines(file, StandardCharsets.UTF_8);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException unreadable) {
            return "(" + file + ": " + unreadable.getMessage() + ")";
        }
    }
}
