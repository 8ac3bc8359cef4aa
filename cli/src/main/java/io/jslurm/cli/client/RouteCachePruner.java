package io.jslurm.cli.client;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Keeps {@link RouteCache}'s folder bounded: one entry is written per slurm.conf path a user ever submitted with
 * (every throw-away test cluster adds one), and nothing else ever removes them. Runs only after a new entry was
 * written, never on the path of a submission that found its entry.
 *
 * <p>An entry counts as used at the later of its modification and access times: a hit only reads it, and with
 * Linux's default {@code relatime} a read updates the access time at least once a day. On a file system mounted
 * {@code noatime} an entry in use may be dropped after {@code maxAge}; that costs one full load of slurm.conf,
 * which writes it again.
 */
final class RouteCachePruner {

    /** Entries not used for this long are dropped. */
    static final long MAX_AGE_MILLIS = 30L * 24 * 60 * 60 * 1000;
    /** At most this many entries are kept (the most recently used). */
    static final int MAX_ENTRIES = 64;
    /** A temporary file ({@code <entry>.<hex>}) left by a writer that died is dropped once this old. */
    static final long ABANDONED_MILLIS = 60L * 60 * 1000;

    private final long maxAgeMillis;
    private final int maxEntries;

    RouteCachePruner(long maxAgeMillis, int maxEntries) {
        if (maxAgeMillis < 0 || maxEntries < 1) {
            throw new IllegalArgumentException("maxAgeMillis " + maxAgeMillis + ", maxEntries " + maxEntries);
        }
        this.maxAgeMillis = maxAgeMillis;
        this.maxEntries = maxEntries;
    }

    static RouteCachePruner standard() {
        return new RouteCachePruner(MAX_AGE_MILLIS, MAX_ENTRIES);
    }

    private record Entry(File file, long used) {
    }

    /**
     * Drops what is stale in {@code folder} at {@code nowMillis}, never {@code keep} (the entry just written).
     * Touches only this cache's own files; a file that cannot be read or removed is left alone.
     */
    void prune(File folder, File keep, long nowMillis) {
        File[] files = folder.listFiles();
        if (files == null) {
            return;
        }
        List<Entry> entries = new ArrayList<>();
        for (File file : files) {
            String name = file.getName();
            if (file.equals(keep) || !file.isFile()) {
                continue;
            }
            if (name.endsWith(".route")) {
                long used = lastUsed(file);
                if (used >= 0 && nowMillis - used > maxAgeMillis) {
                    file.delete();
                } else if (used >= 0) {
                    entries.add(new Entry(file, used));
                }
            } else if (isTemporary(name) && nowMillis - file.lastModified() > ABANDONED_MILLIS) {
                file.delete();
            }
        }
        int room = maxEntries - 1; // the entry just written is kept
        if (entries.size() > room) {
            entries.sort(Comparator.comparingLong(Entry::used).reversed());
            for (Entry stale : entries.subList(room, entries.size())) {
                stale.file().delete();
            }
        }
    }

    /** The later of modification and access time in milliseconds; -1 when the file cannot be read. */
    private static long lastUsed(File file) {
        try {
            BasicFileAttributes attributes = Files.readAttributes(file.toPath(), BasicFileAttributes.class);
            return Math.max(attributes.lastModifiedTime().toMillis(), attributes.lastAccessTime().toMillis());
        } catch (IOException | SecurityException unreadable) {
            return -1;
        }
    }

    /** {@code <hash>.route.<hex>}, as {@link RouteCache} names an entry while writing it. */
    static boolean isTemporary(String name) {
        int mark = name.indexOf(".route.");
        if (mark <= 0 || mark + 7 == name.length()) {
            return false;
        }
        for (int i = mark + 7; i < name.length(); i++) {
            if (Character.digit(name.charAt(i), 16) < 0) {
                return false;
            }
        }
        return true;
    }
}
