package io.jslurm.slurmctld.state;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

/** Reads the valid prefix of a journal segment or snapshot and says where it ends. */
final class RecordFileReader {

    /**
     * What was found in a file.
     *
     * @param headerValid false when the file is too short for a header or its header checksum fails
     * @param validEnd the offset just after the last whole, checksummed record
     * @param fileSize the file's length; anything past {@code validEnd} is a torn or corrupt tail
     */
    record Result(boolean headerValid, int formatVersion, long sequence, long validEnd, long fileSize, long records) {
        boolean hasTail() {
            return validEnd < fileSize;
        }
    }

    private RecordFileReader() {
    }

    static Result read(Path file, int magic, EntryCodec codec, Consumer<JournalEntry> sink) throws IOException {
        long fileSize = Files.size(file);
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
            byte[] header = new byte[RecordFormat.HEADER_BYTES];
            if (!readFully(in, header)
                    || RecordFormat.readIntFixed(header, 16) != RecordFormat.crc(header, 0, 16)
                    || RecordFormat.readIntFixed(header, 0) != magic) {
                return new Result(false, 0, 0, 0, fileSize, 0);
            }
            int version = RecordFormat.readIntFixed(header, 4);
            long sequence = RecordFormat.readLongFixed(header, 8);
            long offset = RecordFormat.HEADER_BYTES;
            long records = 0;
            byte[] frame = new byte[RecordFormat.RECORD_OVERHEAD];
            while (readFully(in, frame)) {
                int length = RecordFormat.readIntFixed(frame, 0);
                if (length <= 0 || length > RecordFormat.MAX_RECORD_BYTES || length > fileSize - offset) {
                    break;
                }
                byte[] payload = new byte[length];
                if (!readFully(in, payload) || RecordFormat.crc(payload, 0, length) != RecordFormat.readIntFixed(frame, 4)) {
                    break;
                }
                sink.accept(codec.decode(version, payload));
                offset += RecordFormat.RECORD_OVERHEAD + length;
                records++;
            }
            return new Result(true, version, sequence, offset, fileSize, records);
        }
    }

    private static boolean readFully(InputStream in, byte[] into) throws IOException {
        int done = 0;
        while (done < into.length) {
            int n = in.read(into, done, into.length - done);
            if (n < 0) {
                return false;
            }
            done += n;
        }
        return true;
    }
}
