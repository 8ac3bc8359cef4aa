package io.jslurm.slurmd.hw;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The host's {@code /proc} and {@code /sys} seen from a root directory: {@code /} on a real node,
 * a fixture tree in tests. Paths given to it are relative ({@code proc/meminfo}).
 */
public record HostFiles(Path root) {
    public HostFiles {
        Objects.requireNonNull(root, "root");
    }

    public static HostFiles real() {
        return new HostFiles(Path.of("/"));
    }

    public Path resolve(String relative) {
        return root.resolve(relative);
    }

    public boolean exists(String relative) {
        return Files.exists(resolve(relative));
    }

    /** The file's content without surrounding white space. */
    public String read(String relative) {
        return readOptional(relative)
                .orElseThrow(() -> new HardwareException("cannot read " + resolve(relative) + ": no such file"));
    }

    public Optional<String> readOptional(String relative) {
        Path file = resolve(relative);
        try {
            return Optional.of(Files.readString(file).strip());
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new HardwareException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    public List<String> readLines(String relative) {
        return List.of(read(relative).split("\n"));
    }

    public int readInt(String relative) {
        String text = read(relative);
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new HardwareException(resolve(relative) + " holds '" + text + "', not a number", e);
        }
    }

    /** Names of the entries of a directory, or none when it does not exist. */
    public List<String> list(String relative) {
        Path dir = resolve(relative);
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            throw new HardwareException("cannot list " + dir + ": " + e.getMessage(), e);
        }
    }
}
