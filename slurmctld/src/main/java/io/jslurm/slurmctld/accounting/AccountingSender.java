package io.jslurm.slurmctld.accounting;

import com.google.protobuf.InvalidProtocolBufferException;
import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.proto.DbdRecordBatch;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one thread that ships queued records to slurmdbd, oldest first, in batches. A batch is
 * forgotten only once slurmdbd has stored it; while slurmdbd or its database is down the same
 * batch is retried with growing pauses. A record slurmdbd refuses as malformed would block the
 * queue for ever, so that batch is resent record by record and only the refused ones are dropped,
 * each with an error line.
 */
public final class AccountingSender implements AutoCloseable {

    /** Slurm's ESLURM_DB_CONNECTION and friends are retried; SLURM_ERROR on a record is not. */
    static final int MALFORMED_RECORD = -1;
    static final int BATCH_RECORDS = 1_000;
    private static final Logger log = LoggerFactory.getLogger(AccountingSender.class);

    private final AccountingQueue queue;
    private final DbdConnection dbd;
    private final Duration firstPause;
    private final Duration longestPause;
    private final Thread thread;
    private volatile boolean running = true;

    public AccountingSender(AccountingQueue queue, DbdConnection dbd, Duration firstPause, Duration longestPause) {
        this.queue = queue;
        this.dbd = dbd;
        this.firstPause = firstPause;
        this.longestPause = longestPause;
        this.thread = new Thread(this::run, "accounting-sender");
        this.thread.setDaemon(true);
    }

    public static AccountingSender start(AccountingQueue queue, DbdConnection dbd) {
        AccountingSender sender = new AccountingSender(queue, dbd, Duration.ofMillis(100), Duration.ofSeconds(30));
        sender.thread.start();
        return sender;
    }

    public void startThread() {
        thread.start();
    }

    private void run() {
        Duration pause = firstPause;
        boolean down = false;
        while (running) {
            try {
                queue.sync();
                List<QueuedRecord> head = queue.peek(BATCH_RECORDS, 200);
                if (head.isEmpty()) {
                    continue;
                }
                send(head);
                queue.acknowledge(head.get(head.size() - 1).sequence());
                if (down) {
                    log.info("slurmdbd is back: accounting records flowing again, {} queued", queue.size());
                    down = false;
                }
                pause = firstPause;
            } catch (InterruptedException stop) {
                Thread.currentThread().interrupt();
                return;
            } catch (IOException | RpcException | RuntimeException failed) {
                if (!down) {
                    log.warn("cannot send accounting records to slurmdbd, will retry: {}", failed.getMessage());
                    down = true;
                }
                if (!sleep(pause)) {
                    return;
                }
                pause = pause.multipliedBy(2).compareTo(longestPause) > 0 ? longestPause : pause.multipliedBy(2);
            }
        }
    }

    private void send(List<QueuedRecord> records) throws IOException, RpcException {
        try {
            dbd.store(batch(records));
        } catch (RpcException refused) {
            if (refused.errorCode() != MALFORMED_RECORD) {
                throw refused;
            }
            for (QueuedRecord record : records) {
                try {
                    dbd.store(batch(List.of(record)));
                } catch (RpcException alone) {
                    if (alone.errorCode() != MALFORMED_RECORD) {
                        throw alone;
                    }
                    log.error("slurmdbd refused accounting record {}, dropping it: {}", record.sequence(), alone.getMessage());
                }
            }
        }
    }

    /** Serialised one-record batches concatenate into one batch with all their records. */
    static DbdRecordBatch batch(List<QueuedRecord> records) throws InvalidProtocolBufferException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (QueuedRecord r : records) {
            bytes.writeBytes(r.payload());
        }
        return DbdRecordBatch.parseFrom(bytes.toByteArray());
    }

    private boolean sleep(Duration pause) {
        try {
            Thread.sleep(pause.toMillis());
            return running;
        } catch (InterruptedException stop) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
        try {
            thread.join(5_000);
        } catch (InterruptedException ignored) {
            Thread.currentThread().interrupt();
        }
        dbd.close();
    }
}
