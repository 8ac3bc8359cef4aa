package io.jslurm.slurmd.daemon;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * SlurmdPidFile: written at start, removed at a clean stop. A file left by a slurmd that was killed
 * is taken over; one naming a live slurmd makes this one refuse to start.
 */
final class PidFile implements AutoCloseable {
    private final Path file;
    private final long pid;

    private PidFile(Path file, long pid) {
        this.file = file;
        this.pid = pid;
    }

    static PidFile create(Path file) throws IOException {
        Optional<Long> previous = read(file);
        if (previous.isPresent() && previous.get() != ProcessHandle.current().pid()
                && ProcessHandle.of(previous.get()).map(PidFile::isSlurmd).orElse(false)) {
            throw new IOException("slurmd is already running with pid " + previous.get() + " (" + file + ")");
        }
        if (file.getParent() != null) {
            Files.createDirectories(file.getParent());
        }
        long pid = ProcessHandle.current().pid();
        Files.writeString(file, pid + "\n", StandardCharsets.US_ASCII);
        return new PidFile(file, pid);
    }

    private static boolean isSlurmd(ProcessHandle process) {
        return process.isAlive() && process.info().commandLine().map(line -> line.contains("slurmd")).orElse(false);
    }

    private static Optional<Long> read(Path file) {
        try {
            return Optional.of(Long.parseLong(Files.readString(file, StandardCharsets.US_ASCII).trim()));
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    @Override
    public void close() {
        if (read(file).filter(owner -> owner == pid).isPresent()) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException ignored) {
                // a stale file is taken over by the next start
            }
        }
    }
}
