package io.jslurm.slurmd.cgroup;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.Stream;

/**
 * Reads and writes cgroupfs interface files. Writes never create files: a missing file means a
 * controller is not there, and that must show rather than leave a stray regular file.
 */
final class CgroupFiles {
    private CgroupFiles() {
    }

    static Optional<String> read(Path file) {
        try {
            return Optional.of(Files.readString(file).strip());
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new CgroupException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    static String readRequired(Path file) {
        return read(file).orElseThrow(() -> new CgroupException("cannot read " + file + ": no such file"));
    }

    static OptionalLong readLong(Path file) {
        return read(file).map(text -> OptionalLong.of(parseLong(file, text))).orElse(OptionalLong.empty());
    }

    /** Files of {@code key value} lines ({@code cpu.stat}, {@code memory.events}, ...). */
    static Map<String, Long> readKeyed(Path file) {
        Map<String, Long> values = new LinkedHashMap<>();
        read(file).ifPresent(text -> text.lines().forEach(line -> {
            String[] parts = line.strip().split("\\s+");
            if (parts.length == 2) {
                values.put(parts[0], parseLong(file, parts[1]));
            }
        }));
        return values;
    }

    static void write(Path file, String value) {
        try {
            Files.writeString(file, value, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
        } catch (NoSuchFileException e) {
            throw new CgroupException("cannot write '" + value + "' to " + file + ": no such file", e);
        } catch (IOException e) {
            throw new CgroupException("cannot write '" + value + "' to " + file + ": " + e.getMessage(), e);
        }
    }

    /** The pids listed in a {@code cgroup.procs} file; none when the cgroup has just gone. */
    static List<Long> readPids(Path procsFile) {
        List<Long> pids = new ArrayList<>();
        read(procsFile).ifPresent(text -> text.lines().filter(line -> !line.isBlank())
                .forEach(line -> pids.add(parseLong(procsFile, line.strip()))));
        return pids;
    }

    /** Sub-directories (child cgroups) of a cgroup, deepest first so they can be removed in order. */
    static List<Path> descendantsDeepestFirst(Path directory) {
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        try (Stream<Path> tree = Files.walk(directory)) {
            List<Path> dirs = new ArrayList<>(tree.filter(Files::isDirectory).filter(d -> !d.equals(directory))
                    .toList());
            dirs.sort((a, b) -> Integer.compare(b.getNameCount(), a.getNameCount()));
            return dirs;
        } catch (NoSuchFileException e) {
            return List.of();
        } catch (IOException | UncheckedIOException e) {
            throw new CgroupException("cannot list cgroups below " + directory + ": " + e.getMessage(), e);
        }
    }

    /** Names of sub-directories starting with {@code prefix}, sorted. */
    static List<String> childNames(Path directory, String prefix) {
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        try (Stream<Path> children = Files.list(directory)) {
            return children.filter(Files::isDirectory).map(p -> p.getFileName().toString())
                    .filter(name -> name.startsWith(prefix)).sorted().toList();
        } catch (NoSuchFileException e) {
            return List.of();
        } catch (IOException e) {
            throw new CgroupException("cannot list " + directory + ": " + e.getMessage(), e);
        }
    }

    /** Removes an empty cgroup directory; false when it is gone already or still has children. */
    static boolean removeDirectory(Path directory) {
        try {
            Files.delete(directory);
            return true;
        } catch (NoSuchFileException | DirectoryNotEmptyException e) {
            return false;
        } catch (IOException e) {
            throw new CgroupException("cannot remove cgroup " + directory + ": " + e.getMessage(), e);
        }
    }

    static void createDirectory(Path directory) {
        try {
            Files.createDirectory(directory);
        } catch (FileAlreadyExistsException e) {
            // Another step of the same job created it first; it is the same cgroup.
        } catch (IOException e) {
            throw new CgroupException("cannot create cgroup " + directory + ": " + e.getMessage(), e);
        }
    }

    private static long parseLong(Path file, String text) {
        if (text.equals("max")) {
            return Long.MAX_VALUE;
        }
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new CgroupException(file + " holds '" + text + "', not a number", e);
        }
    }
}
