package io.jslurm.slurmctld.accounting;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AccountingQueueTest {

    @TempDir
    Path dir;

    @Test
    void recordsComeBackInOrderAfterAReopenAndConfirmedOnesDoNot() throws Exception {
        try (AccountingQueue queue = AccountingQueue.open(dir)) {
            for (int i = 1; i <= 5; i++) {
                assertThat(queue.append(bytes("record " + i))).isEqualTo(i);
            }
            queue.acknowledge(2);
        }
        try (AccountingQueue queue = AccountingQueue.open(dir)) {
            assertThat(texts(queue.peek(10, 0))).containsExactly("record 3", "record 4", "record 5");
            assertThat(queue.peek(10, 0)).extracting(QueuedRecord::sequence).containsExactly(3L, 4L, 5L);
            assertThat(queue.append(bytes("record 6"))).isEqualTo(6);
        }
    }

    @Test
    void closingAfterAnInterruptClosedTheChannelKeepsTheRecords() throws Exception {
        try (AccountingQueue queue = AccountingQueue.open(dir)) {
            queue.append(bytes("before the stop"));
            // What stopping the sender can do: its sync is interrupted, which closes the queue's channel.
            Thread.currentThread().interrupt();
            try {
                queue.sync();
            } catch (java.nio.channels.ClosedByInterruptException expected) {
                // the channel is closed now
            } finally {
                Thread.interrupted();
            }
        }
        try (AccountingQueue queue = AccountingQueue.open(dir)) {
            assertThat(texts(queue.peek(10, 0))).containsExactly("before the stop");
        }
    }

    @Test
    void theLogIsEmptiedOnceEverythingIsConfirmedAndSequencesCarryOn() throws Exception {
        try (AccountingQueue queue = AccountingQueue.open(dir)) {
            queue.append(bytes("a"));
            queue.append(bytes("b"));
            queue.acknowledge(2);
            assertThat(Files.size(dir.resolve(AccountingQueue.LOG))).isZero();
        }
        try (AccountingQueue queue = AccountingQueue.open(dir)) {
            assertThat(queue.size()).isZero();
            assertThat(queue.append(bytes("c"))).isEqualTo(3);
        }
    }

    @Test
    void aTornOrCorruptTailIsCutOffAndEverythingBeforeItKept() throws Exception {
        try (AccountingQueue queue = AccountingQueue.open(dir)) {
            queue.append(bytes("kept 1"));
            queue.append(bytes("kept 2"));
            queue.append(bytes("damaged"));
        }
        Path log = dir.resolve(AccountingQueue.LOG);
        long size = Files.size(log);
        try (RandomAccessFile file = new RandomAccessFile(log.toFile(), "rw")) {
            file.seek(size - 2);
            file.write('X');
            file.seek(size);
            file.write(new byte[] {0, 0, 0, 9, 1, 2}); // half a header from a cut-short append
        }
        try (AccountingQueue queue = AccountingQueue.open(dir)) {
            assertThat(texts(queue.peek(10, 0))).containsExactly("kept 1", "kept 2");
            assertThat(queue.append(bytes("after"))).isEqualTo(3);
        }
        try (AccountingQueue queue = AccountingQueue.open(dir)) {
            assertThat(texts(queue.peek(10, 0))).containsExactly("kept 1", "kept 2", "after");
        }
    }

    @Test
    void aLargeConfirmedPrefixIsDroppedWithoutLosingTheRest() throws Exception {
        byte[] big = new byte[1 << 20];
        long records = AccountingQueue.COMPACT_BYTES / big.length + 2;
        try (AccountingQueue queue = AccountingQueue.open(dir)) {
            for (int i = 0; i < records; i++) {
                queue.append(big);
            }
            queue.append(bytes("tail"));
            queue.acknowledge(records);
            assertThat(Files.size(dir.resolve(AccountingQueue.LOG))).isLessThan(1024);
            queue.append(bytes("more"));
        }
        try (AccountingQueue queue = AccountingQueue.open(dir)) {
            assertThat(texts(queue.peek(10, 0))).containsExactly("tail", "more");
        }
    }

    @Test
    void oneRecordBatchesConcatenateIntoOneBatch() throws Exception {
        var job = io.jslurm.protocol.proto.AcctJob.newBuilder().setJobId(1).build();
        var step = io.jslurm.protocol.proto.AcctStep.newBuilder().setJobId(1).setStepId(-5).build();
        List<QueuedRecord> records = List.of(
                new QueuedRecord(1, io.jslurm.protocol.proto.DbdRecordBatch.newBuilder().addJobs(job).build().toByteArray()),
                new QueuedRecord(2, io.jslurm.protocol.proto.DbdRecordBatch.newBuilder().addSteps(step).build().toByteArray()),
                new QueuedRecord(3, io.jslurm.protocol.proto.DbdRecordBatch.newBuilder().addJobs(job.toBuilder().setJobId(2)).build().toByteArray()));
        var batch = AccountingSender.batch(records);
        assertThat(batch.getJobsList()).extracting(j -> j.getJobId()).containsExactly(1, 2);
        assertThat(batch.getStepsList()).containsExactly(step);
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static List<String> texts(List<QueuedRecord> records) throws IOException {
        return records.stream().map(r -> new String(r.payload(), StandardCharsets.UTF_8)).toList();
    }
}
