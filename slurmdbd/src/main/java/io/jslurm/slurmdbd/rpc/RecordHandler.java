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
import io.jslurm.slurmdbd.usage.UsageStore;
import java.sql.SQLException;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
    private final UsageStore usage;

    RecordHandler(JobStore jobs, EventStore events, UsageStore usage) {
        this.jobs = jobs;
        this.events = events;
        this.usage = usage;
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
            rollUpAgain(jobRecords, nodeEvents);
        } catch (SQLException down) {
            log.warn("could not store {} jobs, {} steps, {} node events: {}", jobRecords.size(), stepRecords.size(),
                    nodeEvents.size(), down.getMessage());
            throw new RpcException(DbdErrors.DB_CONNECTION, "accounting storage unavailable: " + down.getMessage());
        }
        return DbdRecordBatchResponse.newBuilder().setJobsStored(jobRecords.size()).setStepsStored(stepRecords.size())
                .setEventsStored(nodeEvents.size()).build();
    }

    /** Records about hours already rolled up (sent late, or a job that ran through them) change those hours. */
    private void rollUpAgain(List<JobRecord> jobRecords, List<NodeEvent> nodeEvents) throws SQLException {
        Map<String, Long> earliest = new HashMap<>();
        for (JobRecord job : jobRecords) {
            job.times().start().ifPresent(start -> earliest.merge(job.key().cluster(), start.getEpochSecond(), Math::min));
        }
        for (NodeEvent event : nodeEvents) {
            earliest.merge(event.cluster(), event.start().getEpochSecond(), Math::min);
        }
        for (Map.Entry<String, Long> e : earliest.entrySet()) {
            usage.invalidate(e.getKey(), e.getValue());
        }
    }

    private static NodeEvent event(DbdNodeState m) {
        return new NodeEvent(m.getCluster(), m.getNodeName(), Instant.ofEpochSecond(m.getTime()), m.getState(),
                m.getReason(), Integer.toUnsignedLong(m.getReasonUid()), m.getTres(), m.getBackInService());
    }
}
