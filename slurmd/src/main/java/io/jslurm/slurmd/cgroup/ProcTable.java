package io.jslurm.slurmd.cgroup;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The live processes as {@code /proc/<pid>/stat} shows them: enough to follow sessions and process trees. */
record ProcTable(List<Entry> entries) {
    /**
     * One process: its id, parent, process group, session, and start time (clock ticks after boot, field 22 of
     * the stat line), which tells it apart from a later process given the same id.
     */
    record Entry(long pid, long ppid, long pgrp, long session, long startTime) {
    }

    /** Field 22 of the stat line, counted from the state (field 3) as the fields after the name are. */
    private static final int START_TIME = 22 - 3;

    ProcTable {
        entries = List.copyOf(entries);
    }

    static ProcTable read(Path proc) {
        List<Entry> entries = new ArrayList<>();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(proc, name -> name.getFileName().toString()
                .chars().allMatch(Character::isDigit))) {
            for (Path dir : dirs) {
                stat(dir.resolve("stat")).ifPresent(entries::add);
            }
        } catch (IOException e) {
            throw new CgroupException("cannot list processes in " + proc + ": " + e.getMessage());
        }
        return new ProcTable(entries);
    }

    /** The process now running as {@code pid}, if any (a zombie counts as none). */
    static Optional<Entry> of(Path proc, long pid) {
        return stat(proc.resolve(Long.toString(pid)).resolve("stat"));
    }

    /** Parses a stat line; the command name in parentheses may hold spaces and ')' so fields start after the last ')'. */
    static Optional<Entry> stat(Path file) {
        String line;
        try {
            line = Files.readString(file);
        } catch (IOException e) {
            return Optional.empty(); // the process ended while the table was read
        }
        int close = line.lastIndexOf(')');
        if (close < 0) {
            return Optional.empty();
        }
        String[] fields = line.substring(close + 2).trim().split(" ");
        if (fields.length <= START_TIME) {
            return Optional.empty();
        }
        long pid = Long.parseLong(line.substring(0, line.indexOf(' ')));
        // fields: state ppid pgrp session; a zombie has already ended and needs no signal.
        if (fields[0].equals("Z")) {
            return Optional.empty();
        }
        return Optional.of(new Entry(pid, Long.parseLong(fields[1]), Long.parseLong(fields[2]),
                Long.parseLong(fields[3]), Long.parseLong(fields[START_TIME])));
    }
}
