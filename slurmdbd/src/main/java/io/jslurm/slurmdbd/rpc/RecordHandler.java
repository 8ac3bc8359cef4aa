package io.jslurm.slurmdbd.rpc;

import com.google.protobuf.Message;
import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.proto.DbdNodeState;
import io.jslurm.protocol.proto.DbdRecordBatch;
import io.jslurm.protocol.proto.DbdRecordBatchResponse;
import io.jslurm.protocol.rpc.RpcCall;
import io.jslurm.protocol.rpc.RpcHandler;
import io.jslurm.slurmdbd.records.JobRecord;
import io.jslurm.slurmdbd.records.StepRecord;
import io.jslurm.slurmdbd.storage.EventStore;
import io.jslurm.slurmdbd.storage.EventStore.NodeEvent;
import io.jslurm.slurmdbd.storage.JobStore;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stores a controller's batch of records. Answers only once everything is committed, so the
 * controller may forget the batch; a failure leaves it to send the batch again, which the
 * idempotent upserts make harmless.
 */
final class RecordHandler implements RpcHandler<DbdRecordBatch> {

    private static final Logger log = LoggerFactory.getLogger(RecordHandler.class);

    private final JobStore jobs;
    private final EventStore events;

    RecordHandler(JobStore jobs, EventStore events) {
        this.jobs = jobs;
        this.events = events;
    }

    @Override
    public Message handle(RpcCall<DbdRecordBatch> call) throws RpcException {
        DbdRecordBatch batch = call.request();
        List<JobRecord> jobRecords;
        List<StepRecord> stepRecords;
        List<NodeEvent> nodeEvents;
        try {
            jobRecords = batch.getJobsList().stream().map(AcctMessages::job).toList();
            stepRecords = batch.getStepsList().stream().map(AcctMessages::step).toList();
            nodeEvents = batch.getNodeEventsList().stream().map(RecordHandler::event).toList();
        } catch (IllegalArgumentException malformed) {
            throw new RpcException(DbdErrors.MALFORMED_RECORD, malformed.getMessage());
        }
        try {
            jobs.upsertJobs(jobRecords);
            jobs.upsertSteps(stepRecords);
            events.record(nodeEvents);
        } catch (SQLException down) {
            log.warn("could not store {} jobs, {} steps, {} node events: {}", jobRecords.size(), stepRecords.size(),
                    nodeEvents.size(), down.getMessage());
            throw new RpcException(DbdErrors.DB_CONNECTION, "accounting storage unavailable: " + down.getMessage());
        }
        return DbdRecordBatchResponse.newBuilder().setJobsStored(jobRecords.size()).setStepsStored(stepRecords.size())
                .setEventsStored(nodeEvents.size()).build();
    }

    private static NodeEvent event(DbdNodeState m) {
        return new NodeEvent(m.getCluster(), m.getNodeName(), Instant.ofEpochSecond(m.getTime()), m.getState(),
                m.getReason(), Integer.toUnsignedLong(m.getReasonUid()), m.getTres());
    }
}
