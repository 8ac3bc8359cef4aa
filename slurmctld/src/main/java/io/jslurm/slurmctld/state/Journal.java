package io.jslurm.slurmctld.state;

import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The append-only journal, written with group commit: callers frame their entry into a shared buffer under a
 * short lock, then wait until it is on disk. The first waiter to find no write in progress writes everything
 * buffered so far and fsyncs once for all of them; callers that arrive meanwhile are carried by the next sync.
 *
 * <p>Waiters sleep on the batch their entry is in, so a finished sync wakes only the callers it made durable, plus
 * one caller of the next batch to lead its write; waking every waiter on each sync (as one monitor would) cost
 * dozens of futile context switches per sync with many clients.
 *
 * <p>After a failed write or fsync the journal accepts nothing more: what reached the disk is unknown, and
 * retrying an fsync can report success for data the kernel has already dropped.
 *
 * <p>Callers that cannot wait (an RPC answered from the event loop) take a future with {@link #whenDurable}
 * instead: it completes once the entry is on disk. A batch holding such callers is written by the journal's own
 * thread, started with the first of them, so that no thread is parked per caller. Futures are completed on that
 * thread only, outside the lock: their callbacks (an RPC's answer) then never run inside a caller that led a write
 * while holding locks of its own (the store's, during a snapshot).
 *
 * <p>Segments are written through {@link FileOutputStream} rather than a {@code FileChannel}: whichever caller
 * happens to lead a sync may be interrupted (an RPC worker at shutdown), and an interrupted channel closes
 * itself, which would end the journal for everyone.
 */
final class Journal implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(Journal.class);

    /**
     * The entries of one write: its callers wait on {@link #done} until the write has been synced (or failed), or
     * hold {@link #synced} ({@link #awaited} then) when they do not wait. {@link #last} is the highest ticket in it,
     * set when the write starts.
     */
    private static final class Batch {
        private final Condition done;
        private final CompletableFuture<Void> synced = new CompletableFuture<>();
        private boolean awaited;
        private long last;

        private Batch(Condition done) {
            this.done = done;
        }
    }

    private final StateDirectory directory;
    private final SegmentSync sync;
    private final ReentrantLock lock = new ReentrantLock();
    /**
     * Signalled whenever a write ends: {@link #roll} waits there for the one in progress, patient callers of
     * {@link #awaitDurable(long, long)} for someone else's write to carry their entry.
     */
    private final Condition idle = lock.newCondition();
    /** Where the journal's own thread waits for a batch with callers that do not wait themselves. */
    private final Condition asyncWork = lock.newCondition();
    private Thread writer;
    /** Futures of batches that other threads wrote, for the journal's thread to complete. */
    private final ArrayDeque<Runnable> toSettle = new ArrayDeque<>();

    private BinaryWriter pending = new BinaryWriter(1 << 16);
    private BinaryWriter spare = new BinaryWriter(1 << 16);
    private Batch pendingBatch = new Batch(lock.newCondition());
    private Batch inFlight;
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

    private Journal(StateDirectory directory, SegmentSync sync, long segment, FileOutputStream segmentFile) {
        this.directory = directory;
        this.sync = sync;
        this.segment = segment;
        this.segmentFile = segmentFile;
        this.segmentBytes = RecordFormat.HEADER_BYTES;
    }

    /** Starts a new, empty segment and makes its existence durable before anything is appended. */
    static Journal start(StateDirectory directory, long segment, SegmentSync sync) throws IOException {
        return new Journal(directory, sync, segment, createSegment(directory, segment));
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
        lock.lock();
        try {
            return segment;
        } finally {
            lock.unlock();
        }
    }

    long segmentBytes() {
        lock.lock();
        try {
            return segmentBytes;
        } finally {
            lock.unlock();
        }
    }

    /** Buffers one entry; returns the ticket to pass to {@link #awaitDurable}. */
    long append(JournalEntry entry) {
        lock.lock();
        try {
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
        } finally {
            lock.unlock();
        }
    }

    /**
     * A future that completes once the entry with this ticket, and every one before it, is on disk, or completes
     * exceptionally with {@link JobStoreException} when the journal fails first. The caller does not wait.
     */
    CompletionStage<Void> whenDurable(long ticket) {
        lock.lock();
        try {
            if (durable >= ticket) {
                return CompletableFuture.completedFuture(null);
            }
            if (failure != null || closed) {
                return CompletableFuture.failedFuture(unwritable());
            }
            // Also when a waiting caller's write carries this entry: only the journal's thread completes futures.
            startWriter();
            if (inFlight != null && ticket <= inFlight.last) {
                inFlight.awaited = true;
                return inFlight.synced;
            }
            if (!pendingBatch.awaited) {
                pendingBatch.awaited = true;
                asyncWork.signal();
            }
            return pendingBatch.synced;
        } finally {
            lock.unlock();
        }
    }

    /** Under the lock: the thread that writes batches nobody waits for, started with the first of them. */
    private void startWriter() {
        if (writer == null) {
            writer = new Thread(this::writeAwaitedBatches, "job-state-journal");
            writer.setDaemon(true);
            writer.start();
        }
    }

    /** The journal's own thread: writes each batch that holds callers who do not wait, until the journal ends. */
    private void writeAwaitedBatches() {
        lock.lock();
        try {
            while (true) {
                while (toSettle.isEmpty() && failure == null && !closed && (flushing || !pendingBatch.awaited)) {
                    asyncWork.awaitUninterruptibly();
                }
                Runnable settle = toSettle.poll();
                if (settle == null) {
                    if (failure != null || closed) {
                        return;
                    }
                    settle = flush();
                }
                lock.unlock();
                try {
                    settle.run();
                } finally {
                    lock.lock();
                }
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * Under the lock, with no write in progress: writes and syncs everything buffered (the lock is released
     * meanwhile) and returns what completes the batch's future, to be run once the lock is released.
     */
    private Runnable flush() {
        Batch batch = cut();
        BinaryWriter bytes = pending;
        pending = spare;
        FileOutputStream target = segmentFile;
        lock.unlock();
        IOException error;
        try {
            error = writeAndSync(target, bytes);
        } finally {
            lock.lock();
        }
        return finishFlush(batch, bytes, error);
    }

    /** Under the lock: hands the completion of a batch's future that this thread wrote to the journal's thread. */
    private void settleLater(Runnable settle) {
        // Without the journal's thread nobody was handed a future: there is nothing to complete.
        if (settle != NOTHING_TO_SETTLE && writer != null) {
            toSettle.add(settle);
            asyncWork.signal();
        }
    }

    /** Returns once the entry with this ticket, and every one before it, is on disk. */
    void awaitDurable(long ticket) {
        boolean interrupted = false;
        lock.lock();
        try {
            while (durable < ticket) {
                requireWritable();
                if (!flushing) {
                    settleLater(flush());
                    continue;
                }
                Batch mine = ticket <= inFlight.last ? inFlight : pendingBatch;
                try {
                    mine.done.await();
                } catch (InterruptedException e) {
                    // The entry is already buffered; giving up now would leave the caller not knowing
                    // whether it became durable, so finish waiting and pass the interrupt on.
                    interrupted = true;
                }
            }
        } finally {
            lock.unlock();
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * As {@link #awaitDurable}, but first leaves the write to others for up to {@code patienceNanos}: a caller
     * whose entry another thread is about to follow with its own (the scheduling pass that hands on what a job's
     * end freed) then shares that thread's sync instead of taking one of its own first. It waits on {@link #idle},
     * not on its batch, so it never takes the signal that asks one waiter of the next batch to lead the write.
     */
    void awaitDurable(long ticket, long patienceNanos) {
        boolean interrupted = false;
        lock.lock();
        try {
            long left = patienceNanos;
            while (durable < ticket && left > 0) {
                requireWritable();
                try {
                    left = idle.awaitNanos(left);
                } catch (InterruptedException e) {
                    interrupted = true;
                    break;
                }
            }
        } finally {
            lock.unlock();
        }
        awaitDurable(ticket);
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** The ticket of the last entry appended so far (0 when none): {@link #awaitDurable} it to sync them all. */
    long lastTicket() {
        lock.lock();
        try {
            return appended;
        } finally {
            lock.unlock();
        }
    }

    /** Under the lock: the buffered entries become the write in progress, later ones start the next batch. */
    private Batch cut() {
        flushing = true;
        pendingBatch.last = appended;
        inFlight = pendingBatch;
        pendingBatch = new Batch(lock.newCondition());
        return inFlight;
    }

    /** Outside the lock: writes a batch and syncs it; returns the failure, if any. */
    private IOException writeAndSync(FileOutputStream target, BinaryWriter batch) {
        long start = System.nanoTime();
        try {
            target.write(batch.array(), 0, batch.size());
            sync.sync(target);
            return null;
        } catch (IOException e) {
            return e;
        } finally {
            long took = System.nanoTime() - start;
            lock.lock();
            try {
                syncs++;
                syncNanos += took;
                maxSyncNanos = Math.max(maxSyncNanos, took);
            } finally {
                lock.unlock();
            }
        }
    }

    /**
     * Under the lock: records how a write ended and wakes its callers and, when more waits, one to lead it. Returns
     * what completes the futures of callers that do not wait, to be run once the lock is released: their callbacks
     * (an RPC's answer) must not run under it.
     */
    private Runnable finishFlush(Batch batch, BinaryWriter bytes, IOException error) {
        flushing = false;
        inFlight = null;
        bytes.reset();
        spare = bytes;
        if (error != null) {
            if (failure == null) {
                log.error("Job state journal segment {} could not be written; no further job changes will be "
                        + "accepted: {}", segment, error.toString());
            }
            failure = error;
            pendingBatch.done.signalAll();
            asyncWork.signal();
            // Nothing more becomes durable: the next batch's callers that do not wait learn it now too.
            Batch next = pendingBatch;
            JobStoreException failed = unwritable();
            batch.done.signalAll();
            idle.signalAll();
            return () -> {
                batch.synced.completeExceptionally(failed);
                next.synced.completeExceptionally(failed);
            };
        }
        syncedEntries += batch.last - durable;
        durable = Math.max(durable, batch.last);
        if (appended > durable) {
            pendingBatch.done.signal();
        }
        if (pendingBatch.awaited) {
            asyncWork.signal();
        }
        batch.done.signalAll();
        idle.signalAll();
        return batch.awaited ? () -> batch.synced.complete(null) : NOTHING_TO_SETTLE;
    }

    private static final Runnable NOTHING_TO_SETTLE = () -> {
    };

    /**
     * Makes everything appended so far durable in the current segment and continues in segment
     * {@code nextSegment}. The caller keeps appends out meanwhile, so the cut is exact.
     */
    void roll(long nextSegment) {
        lock.lock();
        try {
            while (flushing && failure == null) {
                try {
                    idle.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new JobStoreException("interrupted while starting a new journal segment");
                }
            }
            requireWritable();
            Batch batch = cut();
            BinaryWriter bytes = pending;
            pending = spare;
            FileOutputStream old = segmentFile;
            lock.unlock();
            IOException error;
            FileOutputStream next = null;
            try {
                error = writeAndSync(old, bytes);
                if (error == null) {
                    try {
                        old.close();
                        next = createSegment(directory, nextSegment);
                    } catch (IOException e) {
                        error = e;
                    }
                }
            } finally {
                lock.lock();
            }
            if (next != null) {
                segmentFile = next;
                segment = nextSegment;
                segmentBytes = RecordFormat.HEADER_BYTES + pending.size();
            }
            settleLater(finishFlush(batch, bytes, error));
            if (error != null) {
                throw new JobStoreException("could not start journal segment " + nextSegment, error);
            }
        } finally {
            lock.unlock();
        }
    }

    JournalStats stats() {
        lock.lock();
        try {
            return new JournalStats(syncs, syncedEntries, syncNanos, maxSyncNanos);
        } finally {
            lock.unlock();
        }
    }

    private void requireWritable() {
        if (failure != null || closed) {
            throw unwritable();
        }
    }

    private JobStoreException unwritable() {
        return failure != null
                ? new JobStoreException("job state journal failed, changes can no longer be made durable", failure)
                : new JobStoreException("job state journal is closed");
    }

    @Override
    public void close() throws IOException {
        long last;
        boolean failed;
        lock.lock();
        try {
            if (closed) {
                return;
            }
            last = appended;
            failed = failure != null;
        } finally {
            lock.unlock();
        }
        if (!failed && last > 0) {
            awaitDurable(last);
        }
        lock.lock();
        try {
            closed = true;
            asyncWork.signal();
            segmentFile.close();
        } finally {
            lock.unlock();
        }
    }
}
