package io.jslurm.slurmd.cgroup;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

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
        try {
            List<Path> dirs = new ArrayList<>();
            collectDescendants(directory, dirs);
            dirs.sort((a, b) -> Integer.compare(b.getNameCount(), a.getNameCount()));
            return dirs;
        } catch (NoSuchFileException e) {
            return List.of();
        } catch (IOException | UncheckedIOException e) {
            throw new CgroupException("cannot list cgroups below " + directory + ": " + e.getMessage(), e);
        }
    }

    private static void collectDescendants(Path directory, List<Path> into) throws IOException {
        for (Path child : subdirectories(directory)) {
            into.add(child);
            collectDescendants(child, into);
        }
    }

    /** Names of sub-directories starting with {@code prefix}, sorted. */
    static List<String> childNames(Path directory, String prefix) {
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        try {
            return subdirectories(directory).stream().map(p -> p.getFileName().toString())
                    .filter(name -> name.startsWith(prefix)).sorted().toList();
        } catch (NoSuchFileException e) {
            return List.of();
        } catch (IOException | UncheckedIOException e) {
            throw new CgroupException("cannot list " + directory + ": " + e.getMessage(), e);
        }
    }

    /**
     * The sub-directories of a directory. Telling them from files takes a stat per entry, and a cgroup holds
     * 20 to 70 interface files in each hierarchy: walking a job's cgroups that way took about a quarter of
     * slurmd's CPU time in a run of short jobs (perf: statx). Directories on kernfs, tmpfs and ext4 have 2 links
     * plus one per sub-directory, so that count says when to stop (at once for a leaf); names without a dot
     * (the cgroups jslurm makes; nearly every interface file has one) are looked at first. Where the count is
     * not kept (1 on btrfs) every entry is looked at.
     */
    static List<Path> subdirectories(Path directory) throws IOException {
        int links = linkCount(directory);
        if (links == 2) {
            return List.of();
        }
        List<Path> entries = new ArrayList<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(directory)) {
            stream.forEach(entries::add);
        }
        entries.sort(Comparator.comparing((Path entry) -> entry.getFileName().toString().indexOf('.') >= 0));
        int expected = links > 2 ? links - 2 : Integer.MAX_VALUE;
        List<Path> dirs = new ArrayList<>();
        for (Path entry : entries) {
            if (dirs.size() >= expected) {
                break;
            }
            if (Files.isDirectory(entry, LinkOption.NOFOLLOW_LINKS)) {
                dirs.add(entry);
            }
        }
        return dirs;
    }

    /** The directory's link count, or -1 where the file system does not say. */
    private static int linkCount(Path directory) throws IOException {
        try {
            return (Integer) Files.getAttribute(directory, "unix:nlink", LinkOption.NOFOLLOW_LINKS);
        } catch (UnsupportedOperationException | IllegalArgumentException e) {
            return -1;
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
