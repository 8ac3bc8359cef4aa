package io.jslurm.slurmctld.state;

import java.util.zip.CRC32C;

/**
 * The framing shared by journal segments and snapshots.
 *
 * <pre>
 * header:  magic (4) | format version (4) | sequence (8) | CRC32C of the preceding 16 bytes (4)
 * record:  payload length (4) | CRC32C of payload (4) | payload
 * </pre>
 *
 * All integers big-endian. A record is accepted only whole and with a matching checksum, so a write torn by
 * a crash shows up as the end of the file rather than as a wrong job.
 */
final class RecordFormat {

    static final int JOURNAL_MAGIC = 0x4A534A4C; // "JSJL"
    static final int SNAPSHOT_MAGIC = 0x4A53534E; // "JSSN"
    static final int HEADER_BYTES = 20;
    static final int RECORD_OVERHEAD = 8;
    /** Far above any real entry (a 1000-task array with a large script); a larger length is garbage. */
    static final int MAX_RECORD_BYTES = 256 << 20;

    private RecordFormat() {
    }

    static void writeHeader(BinaryWriter out, int magic, long sequence) {
        int start = out.size();
        out.writeIntFixed(magic);
        out.writeIntFixed(EntryCodec.FORMAT_VERSION);
        out.writeLongFixed(sequence);
        out.writeIntFixed(crc(out.array(), start, 16));
    }

    /** Appends one framed entry to {@code out}. */
    static void writeRecord(BinaryWriter out, JournalEntry entry) {
        int start = out.size();
        out.writeIntFixed(0);
        out.writeIntFixed(0);
        EntryCodec.encode(entry, out);
        int length = out.size() - start - RECORD_OVERHEAD;
        if (length > MAX_RECORD_BYTES) {
            out.truncate(start);
            throw new JobStoreException("job state entry of " + length + " bytes is too large to record");
        }
        out.setIntFixed(start, length);
        out.setIntFixed(start + 4, crc(out.array(), start + RECORD_OVERHEAD, length));
    }

    static int crc(byte[] bytes, int offset, int length) {
        CRC32C crc = new CRC32C();
        crc.update(bytes, offset, length);
        return (int) crc.getValue();
    }

    static int readIntFixed(byte[] bytes, int at) {
        return (bytes[at] & 0xFF) << 24 | (bytes[at + 1] & 0xFF) << 16 | (bytes[at + 2] & 0xFF) << 8 | bytes[at + 3] & 0xFF;
    }

    static long readLongFixed(byte[] bytes, int at) {
        return (long) readIntFixed(bytes, at) << 32 | readIntFixed(bytes, at + 4) & 0xFFFFFFFFL;
    }
}
