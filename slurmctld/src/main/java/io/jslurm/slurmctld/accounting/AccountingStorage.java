package io.jslurm.slurmctld.accounting;

import com.google.protobuf.Message;
import io.jslurm.protocol.proto.AcctJob;
import io.jslurm.protocol.proto.AcctStep;
import io.jslurm.protocol.proto.DbdNodeState;
import io.jslurm.protocol.proto.DbdRecordBatch;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * What the controller calls when a job is submitted, starts or ends, a step ends or a node changes
 * state: the record goes to the durable queue and the call returns; the sender delivers it.
 */
public final class AccountingStorage implements AutoCloseable {

    private final AccountingQueue queue;
    private final AccountingSender sender;

    private AccountingStorage(AccountingQueue queue, AccountingSender sender) {
        this.queue = queue;
        this.sender = sender;
    }

    /** Opens the queue under {@code stateSaveLocation/accounting} and starts sending to {@code dbd}. */
    public static AccountingStorage start(Path stateSaveLocation, DbdConnection dbd) throws IOException {
        AccountingQueue queue = AccountingQueue.open(stateSaveLocation.resolve("accounting"));
        return new AccountingStorage(queue, AccountingSender.start(queue, dbd));
    }

    public void job(AcctJob job) {
        append(DbdRecordBatch.newBuilder().addJobs(job).build());
    }

    public void step(AcctStep step) {
        append(DbdRecordBatch.newBuilder().addSteps(step).build());
    }

    public void nodeEvent(DbdNodeState event) {
        append(DbdRecordBatch.newBuilder().addNodeEvents(event).build());
    }

    /** Records not yet confirmed by slurmdbd. */
    public int backlog() {
        return queue.size();
    }

    private void append(Message oneRecord) {
        try {
            queue.append(oneRecord.toByteArray());
        } catch (IOException full) {
            throw new UncheckedIOException("cannot queue an accounting record under StateSaveLocation", full);
        }
    }

    @Override
    public void close() throws IOException {
        sender.close();
        queue.close();
    }
}
