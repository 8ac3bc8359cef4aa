package io.jslurm.slurmctld.state;

import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The append-only journal, written with group commit: callers frame their entry into a shared buffer under a
 * short lock, then wait until it is on disk. The first waiter to find no write in progress writes everything
 * buffered so far and fsyncs once for all of them; callers that arrive meanwhile are carried by the next sync.
 *
 * <p>After a failed write or fsync the journal accepts nothing more: what reached the disk is unknown, and
 * retrying an fsync can report success for data the kernel has already dropped.
 *
 * <p>Segments are written through {@link FileOutputStream} rather than a {@code FileChannel}: whichever caller
 * happens to lead a sync may be interrupted (an RPC worker at shutdown), and an interrupted channel closes
 * itself, which would end the journal for everyone.
 */
final class Journal implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(Journal.class);

    private final StateDirectory directory;
    private final Object lock = new Object();

    private BinaryWriter pending = new BinaryWriter(1 << 16);
    private BinaryWriter spare = new BinaryWriter(1 << 16);
    private FileOutputStream segmentFile;
    private long segment;
    private long segmentBytes;
    private long appended;
    private long durable;
    private boolean flushing;
    private IOException failure;
    private boolean closed;

    private long syncs;
    private long syncedEntries;
    private long syncNanos;
    private long maxSyncNanos;

    private Journal(StateDirectory directory, long segment, FileOutputStream segmentFile) {
        this.directory = directory;
        this.segment = segment;
        this.segmentFile = segmentFile;
        this.segmentBytes = RecordFormat.HEADER_BYTES;
    }

    /** Starts a new, empty segment and makes its existence durable before anything is appended. */
    static Journal start(StateDirectory directory, long segment) throws IOException {
        return new Journal(directory, segment, createSegment(directory, segment));
    }

    private static FileOutputStream createSegment(StateDirectory directory, long segment) throws IOException {
        Path file = Files.createFile(directory.journal(segment));
        FileOutputStream out = new FileOutputStream(file.toFile(), true);
        try {
            BinaryWriter header = new BinaryWriter(RecordFormat.HEADER_BYTES);
            RecordFormat.writeHeader(header, RecordFormat.JOURNAL_MAGIC, segment);
            out.write(header.array(), 0, header.size());
            out.getFD().sync();
            directory.sync();
            return out;
        } catch (IOException e) {
            out.close();
            throw e;
        }
    }

    long segment() {
        synchronized (lock) {
            return segment;
        }
    }

    long segmentBytes() {
        synchronized (lock) {
            return segmentBytes;
        }
    }

    /** Buffers one entry; returns the ticket to pass to {@link #awaitDurable}. */
    long append(JournalEntry entry) {
        synchronized (lock) {
            requireWritable();
            int before = pending.size();
            try {
                RecordFormat.writeRecord(pending, entry);
            } catch (RuntimeException e) {
                pending.truncate(before);
                throw e;
            }
            segmentBytes += pending.size() - before;
            return ++appended;
        }
    }

    /** Returns once the entry with this ticket, and every one before it, is on disk. */
    void awaitDurable(long ticket) {
        boolean interrupted = false;
        try {
            while (true) {
                BinaryWriter batch;
                long target;
                synchronized (lock) {
                    while (durable < ticket && flushing && failure == null) {
                        try {
                            lock.wait();
                        } catch (InterruptedException e) {
                            // The entry is already buffered; giving up now would leave the caller not knowing
                            // whether it became durable, so finish waiting and pass the interrupt on.
                            interrupted = true;
                        }
                    }
                    if (durable >= ticket) {
                        return;
                    }
                    requireWritable();
                    flushing = true;
                    batch = pending;
                    pending = spare;
                    target = appended;
                }
                IOException error = writeAndSync(segmentFile(), batch);
                finishFlush(batch, target, error);
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private FileOutputStream segmentFile() {
        synchronized (lock) {
            return segmentFile;
        }
    }

    private IOException writeAndSync(FileOutputStream target, BinaryWriter batch) {
        long start = System.nanoTime();
        try {
            target.write(batch.array(), 0, batch.size());
            target.getFD().sync();
            return null;
        } catch (IOException e) {
            return e;
        } finally {
            long took = System.nanoTime() - start;
            synchronized (lock) {
                syncs++;
                syncNanos += took;
                maxSyncNanos = Math.max(maxSyncNanos, took);
            }
        }
    }

    private void finishFlush(BinaryWriter batch, long target, IOException error) {
        synchronized (lock) {
            flushing = false;
            batch.reset();
            spare = batch;
            if (error != null) {
                if (failure == null) {
                    log.error("Job state journal segment {} could not be written; no further job changes will be "
                            + "accepted: {}", segment, error.toString());
                }
                failure = error;
            } else {
                syncedEntries += target - durable;
                durable = target;
            }
            lock.notifyAll();
        }
    }

    /**
     * Makes everything appended so far durable in the current segment and continues in segment
     * {@code nextSegment}. The caller keeps appends out meanwhile, so the cut is exact.
     */
    void roll(long nextSegment) {
        BinaryWriter batch;
        long target;
        FileOutputStream old;
        synchronized (lock) {
            while (flushing && failure == null) {
                try {
                    lock.wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new JobStoreException("interrupted while starting a new journal segment");
                }
            }
            requireWritable();
            flushing = true;
            batch = pending;
            pending = spare;
            target = appended;
            old = segmentFile;
        }
        IOException error = writeAndSync(old, batch);
        FileOutputStream next = null;
        if (error == null) {
            try {
                old.close();
                next = createSegment(directory, nextSegment);
            } catch (IOException e) {
                error = e;
            }
        }
        synchronized (lock) {
            if (next != null) {
                segmentFile = next;
                segment = nextSegment;
                segmentBytes = RecordFormat.HEADER_BYTES + pending.size();
            }
        }
        finishFlush(batch, target, error);
        if (error != null) {
            throw new JobStoreException("could not start journal segment " + nextSegment, error);
        }
    }

    JournalStats stats() {
        synchronized (lock) {
            return new JournalStats(syncs, syncedEntries, syncNanos, maxSyncNanos);
        }
    }

    private void requireWritable() {
        if (failure != null) {
            throw new JobStoreException("job state journal failed, changes can no longer be made durable", failure);
        }
        if (closed) {
            throw new JobStoreException("job state journal is closed");
        }
    }

    @Override
    public void close() throws IOException {
        long last;
        synchronized (lock) {
            if (closed) {
                return;
            }
            last = appended;
        }
        if (failure == null && last > 0) {
            awaitDurable(last);
        }
        synchronized (lock) {
            closed = true;
            segmentFile.close();
        }
    }
}
