package io.jslurm.slurmctld.stats;

import com.google.protobuf.Message;
import io.jslurm.protocol.proto.AllocateResourcesRequest;
import io.jslurm.protocol.proto.CancelJobRequest;
import io.jslurm.protocol.proto.CompleteAllocationRequest;
import io.jslurm.protocol.proto.ConfigInfoRequest;
import io.jslurm.protocol.proto.JobComplete;
import io.jslurm.protocol.proto.JobControlRequest;
import io.jslurm.protocol.proto.JobInfoRequest;
import io.jslurm.protocol.proto.JobStepCreateRequest;
import io.jslurm.protocol.proto.NodeHeartbeat;
import io.jslurm.protocol.proto.NodeInfoRequest;
import io.jslurm.protocol.proto.NodeRegistration;
import io.jslurm.protocol.proto.PartitionInfoRequest;
import io.jslurm.protocol.proto.Ping;
import io.jslurm.protocol.proto.ReconfigureRequest;
import io.jslurm.protocol.proto.StatsInfoRequest;
import io.jslurm.protocol.proto.StepCompleteRequest;
import io.jslurm.protocol.proto.StepInfoRequest;
import io.jslurm.protocol.proto.SubmitBatchJobRequest;
import io.jslurm.protocol.proto.UpdateJobRequest;
import io.jslurm.protocol.proto.UpdateNodeRequest;
import io.jslurm.protocol.proto.UpdatePartitionRequest;
import java.util.Map;

/**
 * A request as Slurm names and numbers it in sdiag, so that monitoring written for Slurm (Prometheus exporters
 * match these names) reads jslurm's statistics unchanged. Several jslurm requests map to one Slurm message where
 * Slurm uses one message for both (hold and release are job updates in Slurm too).
 */
public record SlurmMessageType(String name, int id) {

    private static final Map<Class<? extends Message>, SlurmMessageType> BY_REQUEST = Map.ofEntries(
            Map.entry(Ping.class, new SlurmMessageType("REQUEST_PING", 1008)),
            Map.entry(ReconfigureRequest.class, new SlurmMessageType("REQUEST_RECONFIGURE", 1003)),
            Map.entry(NodeRegistration.class, new SlurmMessageType("MESSAGE_NODE_REGISTRATION_STATUS", 1002)),
            // slurmd's periodic report answers what Slurm's controller asks with REQUEST_NODE_REGISTRATION_STATUS.
            Map.entry(NodeHeartbeat.class, new SlurmMessageType("MESSAGE_NODE_REGISTRATION_STATUS", 1002)),
            Map.entry(ConfigInfoRequest.class, new SlurmMessageType("REQUEST_BUILD_INFO", 2001)),
            Map.entry(JobInfoRequest.class, new SlurmMessageType("REQUEST_JOB_INFO", 2003)),
            Map.entry(StepInfoRequest.class, new SlurmMessageType("REQUEST_JOB_STEP_INFO", 2005)),
            Map.entry(io.jslurm.protocol.proto.StepStatRequest.class,
                    new SlurmMessageType("REQUEST_JOB_STEP_STAT", 5019)),
            Map.entry(NodeInfoRequest.class, new SlurmMessageType("REQUEST_NODE_INFO", 2007)),
            Map.entry(PartitionInfoRequest.class, new SlurmMessageType("REQUEST_PARTITION_INFO", 2009)),
            Map.entry(StatsInfoRequest.class, new SlurmMessageType("REQUEST_STATS_INFO", 2035)),
            Map.entry(UpdateJobRequest.class, new SlurmMessageType("REQUEST_UPDATE_JOB", 3001)),
            Map.entry(JobControlRequest.class, new SlurmMessageType("REQUEST_UPDATE_JOB", 3001)),
            Map.entry(UpdateNodeRequest.class, new SlurmMessageType("REQUEST_UPDATE_NODE", 3002)),
            Map.entry(UpdatePartitionRequest.class, new SlurmMessageType("REQUEST_UPDATE_PARTITION", 3005)),
            Map.entry(AllocateResourcesRequest.class, new SlurmMessageType("REQUEST_RESOURCE_ALLOCATION", 4001)),
            Map.entry(SubmitBatchJobRequest.class, new SlurmMessageType("REQUEST_SUBMIT_BATCH_JOB", 4003)),
            Map.entry(JobStepCreateRequest.class, new SlurmMessageType("REQUEST_JOB_STEP_CREATE", 5001)),
            Map.entry(StepCompleteRequest.class, new SlurmMessageType("REQUEST_STEP_COMPLETE", 5016)),
            Map.entry(CompleteAllocationRequest.class, new SlurmMessageType("REQUEST_COMPLETE_JOB_ALLOCATION", 5017)),
            Map.entry(JobComplete.class, new SlurmMessageType("REQUEST_COMPLETE_BATCH_SCRIPT", 5018)),
            Map.entry(CancelJobRequest.class, new SlurmMessageType("REQUEST_KILL_JOB", 5032)));

    /** Slurm's name for the request; a request Slurm has no counterpart for goes by its own type name. */
    public static SlurmMessageType of(Class<? extends Message> requestType) {
        SlurmMessageType known = BY_REQUEST.get(requestType);
        return known != null ? known : new SlurmMessageType(requestType.getSimpleName(), 0);
    }
}
