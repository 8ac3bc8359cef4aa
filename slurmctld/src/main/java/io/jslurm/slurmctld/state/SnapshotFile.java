package io.jslurm.slurmctld.state;

import io.jslurm.slurmctld.job.Job;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * A snapshot: every job in the table when journal segment {@code sequence} began, in batches of
 * {@link JournalEntry.Submitted} entries, closed by a {@link JournalEntry.SnapshotEnd}. It is written under a
 * temporary name, fsync'd and renamed into place, so a snapshot that exists under its own name is whole.
 */
final class SnapshotFile {

    private static final int JOBS_PER_ENTRY = 256;
    private static final int WRITE_CHUNK = 1 << 20;

    /** The jobs a snapshot holds and the job id counter at that point. */
    record Contents(long sequence, List<Job> jobs, long nextJobId) {
    }

    private SnapshotFile() {
    }

    static void write(StateDirectory directory, long sequence, List<Job> jobs, long nextJobId) throws IOException {
        Path temp = directory.snapshotInProgress(sequence);
        try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            BinaryWriter out = new BinaryWriter(WRITE_CHUNK + (1 << 16));
            RecordFormat.writeHeader(out, RecordFormat.SNAPSHOT_MAGIC, sequence);
            for (int from = 0; from < jobs.size(); from += JOBS_PER_ENTRY) {
                List<Job> batch = jobs.subList(from, Math.min(jobs.size(), from + JOBS_PER_ENTRY));
                RecordFormat.writeRecord(out, new JournalEntry.Submitted(batch, nextJobId));
                if (out.size() >= WRITE_CHUNK) {
                    drain(channel, out);
                }
            }
            RecordFormat.writeRecord(out, new JournalEntry.SnapshotEnd(jobs.size(), nextJobId));
            drain(channel, out);
            channel.force(true);
        }
        Files.move(temp, directory.snapshot(sequence), StandardCopyOption.ATOMIC_MOVE);
        directory.sync();
    }

    private static void drain(FileChannel channel, BinaryWriter out) throws IOException {
        ByteBuffer buffer = ByteBuffer.wrap(out.array(), 0, out.size());
        while (buffer.hasRemaining()) {
            channel.write(buffer);
        }
        out.reset();
    }

    /** Reads a snapshot whole, or throws {@link CorruptStateException} if any part of it is missing or damaged. */
    static Contents read(Path file, long sequence, EntryCodec codec) throws IOException {
        List<Job> jobs = new ArrayList<>();
        JournalEntry.SnapshotEnd[] end = new JournalEntry.SnapshotEnd[1];
        RecordFileReader.Result result = RecordFileReader.read(file, RecordFormat.SNAPSHOT_MAGIC, codec, entry -> {
            if (end[0] != null) {
                throw new CorruptStateException("entry after the end of snapshot " + file);
            }
            if (entry instanceof JournalEntry.Submitted submitted) {
                jobs.addAll(submitted.jobs());
            } else if (entry instanceof JournalEntry.SnapshotEnd snapshotEnd) {
                end[0] = snapshotEnd;
            } else {
                throw new CorruptStateException("unexpected " + entry.getClass().getSimpleName() + " in snapshot " + file);
            }
        });
        if (!result.headerValid() || result.sequence() != sequence) {
            throw new CorruptStateException("snapshot " + file + " has no valid header for sequence " + sequence);
        }
        if (end[0] == null || result.hasTail()) {
            throw new CorruptStateException("snapshot " + file + " is incomplete or damaged at byte " + result.validEnd());
        }
        if (end[0].jobCount() != jobs.size()) {
            throw new CorruptStateException("snapshot " + file + " holds " + jobs.size() + " jobs, expected "
                    + end[0].jobCount());
        }
        return new Contents(sequence, jobs, end[0].nextJobId());
    }
}
