package io.jslurm.slurmctld.accounting;

import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.proto.DbdRecordBatch;
import java.io.Closeable;
import java.io.IOException;

/** Where the sender delivers batches: slurmdbd over the wire in production. */
public interface DbdConnection extends Closeable {

    /** Returns once slurmdbd has stored the whole batch. */
    void store(DbdRecordBatch batch) throws IOException, RpcException;

    /** Drops the connection; the next store reconnects. */
    @Override
    void close();
}
