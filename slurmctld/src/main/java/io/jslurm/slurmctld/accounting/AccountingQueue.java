package io.jslurm.slurmctld.accounting;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Accounting records waiting for slurmdbd, kept in an append-only file under StateSaveLocation.
 *
 * <p>{@code records.log} holds entries {@code [length u32][crc32c u32][sequence u64][payload]}, the
 * checksum covering sequence and payload. An append is written to the file before {@link #append}
 * returns, so it survives the process being killed; {@link #sync} (called in batches by the
 * sender) makes it survive the machine too. {@code acked} holds the highest sequence slurmdbd has
 * confirmed, with its checksum. On open, entries up to it are skipped and a torn or corrupt tail
 * (a write cut short by a crash) is cut off. Once every entry is confirmed the file is emptied; a
 * confirmed prefix grown past {@value #COMPACT_BYTES} bytes is dropped by rewriting the rest.
 */
public final class AccountingQueue implements Closeable {

    public static final String LOG = "records.log";
    static final String ACKED = "acked";
    static final long COMPACT_BYTES = 64L << 20;
    private static final int HEADER = 16;
    private static final int MAX_PAYLOAD = 16 << 20;
    private static final Logger log = LoggerFactory.getLogger(AccountingQueue.class);

    private final Path dir;
    private final ArrayDeque<QueuedRecord> pending = new ArrayDeque<>();
    private FileChannel file;
    private final FileChannel ackFile;
    private long nextSequence;
    private long acked;
    /** File offset where the first unconfirmed entry starts. */
    private long ackedBytes;
    private final ArrayDeque<Long> entryEnds = new ArrayDeque<>();
    private boolean dirty;

    private AccountingQueue(Path dir, FileChannel file, FileChannel ackFile) {
        this.dir = dir;
        this.file = file;
        this.ackFile = ackFile;
    }

    /** Opens (or creates) the queue in {@code dir}, recovering what an earlier process left. */
    public static AccountingQueue open(Path dir) throws IOException {
        Files.createDirectories(dir);
        FileChannel ack = FileChannel.open(dir.resolve(ACKED), StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE);
        FileChannel log = FileChannel.open(dir.resolve(LOG), StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE);
        AccountingQueue queue = new AccountingQueue(dir, log, ack);
        queue.recover();
        return queue;
    }

    private void recover() throws IOException {
        acked = readAcked();
        long offset = 0;
        long size = file.size();
        long last = acked;
        ByteBuffer header = ByteBuffer.allocate(HEADER);
        while (offset + HEADER <= size) {
            header.clear();
            readFully(header, offset);
            header.flip();
            int length = header.getInt();
            int crc = header.getInt();
            long sequence = header.getLong();
            if (length < 0 || length > MAX_PAYLOAD || offset + HEADER + length > size) {
                break;
            }
            ByteBuffer payload = ByteBuffer.allocate(length);
            readFully(payload, offset + HEADER);
            if (crc != checksum(sequence, payload.array())) {
                break;
            }
            offset += HEADER + length;
            if (sequence <= acked) {
                ackedBytes = offset;
                continue;
            }
            pending.add(new QueuedRecord(sequence, payload.array()));
            entryEnds.add(offset);
            last = Math.max(last, sequence);
        }
        if (offset < size) {
            log.warn("accounting queue: cutting a torn or corrupt tail of {} bytes at offset {}", size - offset, offset);
            file.truncate(offset);
            file.force(true);
        }
        file.position(offset);
        nextSequence = last + 1;
        if (!pending.isEmpty()) {
            log.info("accounting queue: {} records from before the restart still to send", pending.size());
        }
    }

    /** Adds a record (a serialised one-record batch); returns its sequence number. */
    public synchronized long append(byte[] payload) throws IOException {
        if (payload.length > MAX_PAYLOAD) {
            throw new IOException("accounting record too large: " + payload.length + " bytes");
        }
        long sequence = nextSequence++;
        ByteBuffer entry = ByteBuffer.allocate(HEADER + payload.length);
        entry.putInt(payload.length).putInt(checksum(sequence, payload)).putLong(sequence).put(payload).flip();
        while (entry.hasRemaining()) {
            file.write(entry);
        }
        pending.add(new QueuedRecord(sequence, payload));
        entryEnds.add(file.position());
        dirty = true;
        notifyAll();
        return sequence;
    }

    /** Makes every appended record durable on disk (one fsync for all appended since the last). */
    public void sync() throws IOException {
        boolean needed;
        synchronized (this) {
            needed = dirty;
            dirty = false;
        }
        if (needed) {
            file.force(false);
        }
    }

    /** Up to {@code max} unconfirmed records, oldest first, waiting up to {@code waitMillis} for one. */
    public synchronized List<QueuedRecord> peek(int max, long waitMillis) throws InterruptedException {
        long deadline = System.nanoTime() + waitMillis * 1_000_000;
        while (pending.isEmpty()) {
            long left = (deadline - System.nanoTime()) / 1_000_000;
            if (left <= 0) {
                return List.of();
            }
            wait(left);
        }
        List<QueuedRecord> head = new ArrayList<>(Math.min(max, pending.size()));
        for (QueuedRecord r : pending) {
            if (head.size() == max) {
                break;
            }
            head.add(r);
        }
        return head;
    }

    /** slurmdbd stored everything up to {@code sequence}: forget it, on disk too. */
    public synchronized void acknowledge(long sequence) throws IOException {
        while (!pending.isEmpty() && pending.peekFirst().sequence() <= sequence) {
            pending.removeFirst();
            ackedBytes = entryEnds.removeFirst();
        }
        acked = Math.max(acked, sequence);
        writeAcked();
        if (pending.isEmpty()) {
            file.truncate(0);
            file.position(0);
            ackedBytes = 0;
        } else if (ackedBytes > COMPACT_BYTES) {
            compact();
        }
    }

    public synchronized int size() {
        return pending.size();
    }

    /** The highest sequence slurmdbd has confirmed. */
    public synchronized long acknowledged() {
        return acked;
    }

    private void compact() throws IOException {
        Path fresh = dir.resolve(LOG + ".new");
        try (FileChannel out = FileChannel.open(fresh, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE)) {
            long end = file.size();
            long copied = 0;
            while (copied < end - ackedBytes) {
                copied += file.transferTo(ackedBytes + copied, end - ackedBytes - copied, out);
            }
            out.force(true);
        }
        long shift = ackedBytes;
        file.close();
        Files.move(fresh, dir.resolve(LOG), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        file = FileChannel.open(dir.resolve(LOG), StandardOpenOption.READ, StandardOpenOption.WRITE);
        file.position(file.size());
        ArrayDeque<Long> shifted = new ArrayDeque<>(entryEnds.size());
        for (long endOffset : entryEnds) {
            shifted.add(endOffset - shift);
        }
        entryEnds.clear();
        entryEnds.addAll(shifted);
        ackedBytes = 0;
        log.info("accounting queue: dropped {} confirmed bytes, {} records remain", shift, pending.size());
    }

    private long readAcked() throws IOException {
        if (ackFile.size() < 12) {
            return 0;
        }
        ByteBuffer b = ByteBuffer.allocate(12);
        ackFile.read(b, 0);
        b.flip();
        long sequence = b.getLong();
        int crc = b.getInt();
        // A torn acknowledgement only means resending what was stored: harmless.
        return crc == checksum(sequence, new byte[0]) ? sequence : 0;
    }

    private void writeAcked() throws IOException {
        ByteBuffer b = ByteBuffer.allocate(12).putLong(acked).putInt(checksum(acked, new byte[0])).flip();
        while (b.hasRemaining()) {
            ackFile.write(b, b.position());
        }
    }

    private void readFully(ByteBuffer into, long position) throws IOException {
        while (into.hasRemaining()) {
            if (file.read(into, position + into.position()) < 0) {
                throw new IOException("unexpected end of " + LOG);
            }
        }
    }

    private static int checksum(long sequence, byte[] payload) {
        CRC32C crc = new CRC32C();
        crc.update(ByteBuffer.allocate(8).putLong(0, sequence));
        crc.update(payload);
        return (int) crc.getValue();
    }

    @Override
    public synchronized void close() throws IOException {
        // The sender is stopped with an interrupt, and an interrupt that lands in its I/O (a sync, an
        // acknowledgement) closes these channels (FileChannel is interruptible): the records appended are then
        // still made durable through a new descriptor of the same file.
        if (file.isOpen()) {
            file.force(true);
        } else {
            try (FileChannel again = FileChannel.open(dir.resolve(LOG), StandardOpenOption.WRITE)) {
                again.force(true);
            }
        }
        file.close();
        ackFile.close();
    }
}
