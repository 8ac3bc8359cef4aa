package io.jslurm.slurmctld.state;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Rebuilds the job table from StateSaveLocation: the newest snapshot that reads back whole, then every journal
 * segment from that snapshot on, in order. Only the last segment may end in a torn record (the crash
 * interrupted its write); it is cut off there. Damage anywhere else stops the controller rather than
 * silently losing jobs that were acknowledged.
 */
final class Recovery {

    private static final Logger log = LoggerFactory.getLogger(Recovery.class);

    /**
     * @param nextJobId the saved job id counter, 0 when nothing was saved yet
     * @param lastSequence the highest snapshot or segment number seen, 0 for an empty directory
     */
    record Recovered(JobTable table, long nextJobId, long lastSequence, long replayedEntries, long tornBytes) {
    }

    private Recovery() {
    }

    static Recovered run(StateDirectory directory) throws IOException {
        directory.removeUnfinishedSnapshots();
        EntryCodec codec = new EntryCodec();
        JobTable table = new JobTable();
        long nextJobId = 0;
        long base = 0;
        List<Long> snapshots = directory.snapshots();
        for (int i = snapshots.size() - 1; i >= 0 && base == 0; i--) {
            long sequence = snapshots.get(i);
            try {
                SnapshotFile.Contents contents = SnapshotFile.read(directory.snapshot(sequence), sequence, codec);
                table.apply(new JournalEntry.Submitted(contents.jobs(), contents.nextJobId()));
                nextJobId = contents.nextJobId();
                base = sequence;
            } catch (CorruptStateException e) {
                log.warn("Ignoring job state snapshot {}: {}", sequence, e.getMessage());
                table = new JobTable();
            }
        }
        long from = base;
        List<Long> segments = directory.journals().stream().filter(s -> s >= from).toList();
        long expected = base == 0 ? 1 : base;
        long replayed = 0;
        long torn = 0;
        long last = base;
        for (int i = 0; i < segments.size(); i++) {
            long sequence = segments.get(i);
            if (sequence != expected) {
                throw new CorruptStateException("job journal segment " + expected + " is missing (found " + sequence
                        + "); refusing to start without it");
            }
            boolean lastSegment = i == segments.size() - 1;
            Path file = directory.journal(sequence);
            long[] next = {nextJobId};
            JobTable into = table;
            RecordFileReader.Result result = RecordFileReader.read(file, RecordFormat.JOURNAL_MAGIC, codec, entry -> {
                if (entry instanceof JournalEntry.Submitted submitted) {
                    next[0] = submitted.nextJobId();
                }
                into.apply(entry);
            });
            nextJobId = next[0];
            if (!result.headerValid() || result.sequence() != sequence) {
                if (lastSegment && result.fileSize() <= RecordFormat.HEADER_BYTES) {
                    // The crash came while the segment was being created: it never held an entry.
                    Files.delete(file);
                    directory.sync();
                    break;
                }
                throw new CorruptStateException("job journal segment " + file + " has a damaged header");
            }
            if (result.hasTail()) {
                if (!lastSegment) {
                    throw new CorruptStateException("job journal segment " + file + " is damaged at byte "
                            + result.validEnd() + " but later segments follow it");
                }
                torn = result.fileSize() - result.validEnd();
                log.warn("Job journal {} ends in {} bytes of an incomplete record; cutting them off", file, torn);
                truncate(file, result.validEnd());
            }
            replayed += result.records();
            last = sequence;
            expected = sequence + 1;
        }
        if (base == 0 && segments.isEmpty() && !snapshots.isEmpty()) {
            throw new CorruptStateException("no job state snapshot in " + directory.root() + " reads back whole");
        }
        return new Recovered(table, nextJobId, last, replayed, torn);
    }

    private static void truncate(Path file, long size) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            channel.truncate(size);
            channel.force(true);
        }
    }
}
