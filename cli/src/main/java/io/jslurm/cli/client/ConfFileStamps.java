package io.jslurm.cli.client;

import io.jslurm.conf.ConfFiles;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The configuration files as a loader reads them, remembering each file's modification time and size (or its
 * absence) as it was just before the read, so that a result derived from them can later be checked for being
 * current without reading them again. Stamped before reading: a file changed between stamp and read then
 * differs from its stamp next time, which makes the result stale rather than wrongly current.
 */
final class ConfFileStamps implements ConfFiles {

    /** One file: {@code size < 0} when it was absent (or not a regular file). */
    record Stamp(String path, long modified, long size) {
        static Stamp of(String path) {
            File file = new File(path);
            return file.isFile() ? new Stamp(path, file.lastModified(), file.length()) : new Stamp(path, 0, -1);
        }

        /** Compared field by field: a record's own equals is bootstrapped through method handles, milliseconds in a fresh JVM. */
        boolean current() {
            Stamp now = of(path);
            return now.modified == modified && now.size == size;
        }
    }

    private final ConfFiles files;
    private final List<Stamp> stamps = new ArrayList<>();
    private boolean globbed;

    ConfFileStamps(ConfFiles files) {
        this.files = Objects.requireNonNull(files, "files is null");
    }

    @Override
    public Optional<String> read(Path path) {
        stamps.add(Stamp.of(path.toString()));
        return files.read(path);
    }

    /** A glob's matches can change without any stamped file changing, so a globbing read cannot be stamped. */
    @Override
    public List<Path> glob(Path pattern) {
        globbed = true;
        return files.glob(pattern);
    }

    /** Every file read, in order; empty when a glob was expanded (see {@link #glob}). */
    Optional<List<Stamp>> stamps() {
        return globbed ? Optional.empty() : Optional.of(List.copyOf(stamps));
    }
}
