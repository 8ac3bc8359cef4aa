package io.jslurm.slurmctld.state;

import java.io.IOException;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The job state files under StateSaveLocation: numbered journal segments ({@code job_journal.000000000007}),
 * snapshots numbered by the first segment they do not cover ({@code job_snapshot.000000000007}), and a lock
 * file that keeps a second controller out.
 */
final class StateDirectory implements AutoCloseable {

    private static final String JOURNAL_PREFIX = "job_journal.";
    private static final String SNAPSHOT_PREFIX = "job_snapshot.";
    private static final String TEMP_SUFFIX = ".new";

    private final Path root;
    private final FileChannel lockChannel;
    private final FileLock lock;

    private StateDirectory(Path root, FileChannel lockChannel, FileLock lock) {
        this.root = root;
        this.lockChannel = lockChannel;
        this.lock = lock;
    }

    static StateDirectory open(Path root) throws IOException {
        Files.createDirectories(root);
        FileChannel channel = FileChannel.open(root.resolve("job_state.lock"), StandardOpenOption.CREATE,
                StandardOpenOption.WRITE);
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException e) {
            lock = null;
        }
        if (lock == null) {
            channel.close();
            throw new JobStoreException("job state in " + root + " is in use by another controller");
        }
        return new StateDirectory(root, channel, lock);
    }

    Path root() {
        return root;
    }

    Path journal(long sequence) {
        return root.resolve(JOURNAL_PREFIX + String.format("%012d", sequence));
    }

    Path snapshot(long sequence) {
        return root.resolve(SNAPSHOT_PREFIX + String.format("%012d", sequence));
    }

    Path snapshotInProgress(long sequence) {
        return root.resolve(SNAPSHOT_PREFIX + String.format("%012d", sequence) + TEMP_SUFFIX);
    }

    List<Long> journals() throws IOException {
        return sequences(JOURNAL_PREFIX);
    }

    List<Long> snapshots() throws IOException {
        return sequences(SNAPSHOT_PREFIX);
    }

    private List<Long> sequences(String prefix) throws IOException {
        List<Long> found = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(root, prefix + "*")) {
            for (Path file : files) {
                String suffix = file.getFileName().toString().substring(prefix.length());
                if (suffix.matches("[0-9]{12}")) {
                    found.add(Long.parseLong(suffix));
                }
            }
        }
        found.sort(null);
        return found;
    }

    /** Removes snapshots a crash left half-written; they were never renamed into place, so nothing relies on them. */
    void removeUnfinishedSnapshots() throws IOException {
        try (DirectoryStream<Path> files = Files.newDirectoryStream(root, SNAPSHOT_PREFIX + "*" + TEMP_SUFFIX)) {
            for (Path file : files) {
                Files.deleteIfExists(file);
            }
        }
    }

    /** Drops the journal segments and snapshots that the snapshot {@code sequence} makes redundant. */
    void removeBefore(long sequence) throws IOException {
        for (long journal : journals()) {
            if (journal < sequence) {
                Files.deleteIfExists(journal(journal));
            }
        }
        for (long snapshot : snapshots()) {
            if (snapshot < sequence) {
                Files.deleteIfExists(snapshot(snapshot));
            }
        }
    }

    /** Makes file creations, renames and removals in the directory durable. */
    void sync() throws IOException {
        // The caller may carry an interrupt (see Journal); an interrupted channel would fail the sync, so the
        // interrupt waits until the directory is synced.
        boolean interrupted = Thread.interrupted();
        try {
            while (true) {
                try (FileChannel dir = FileChannel.open(root, StandardOpenOption.READ)) {
                    dir.force(true);
                    return;
                } catch (ClosedByInterruptException e) {
                    interrupted |= Thread.interrupted();
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Override
    public void close() throws IOException {
        try {
            lock.release();
        } finally {
            lockChannel.close();
        }
    }
}
