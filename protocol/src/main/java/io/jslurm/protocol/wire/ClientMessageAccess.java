package io.jslurm.protocol.wire;

import com.google.protobuf.Message;
import io.jslurm.protocol.proto.Ack;
import io.jslurm.protocol.proto.CancelJobRequest;
import io.jslurm.protocol.proto.CancelJobResponse;
import io.jslurm.protocol.proto.ClientMessage;
import io.jslurm.protocol.proto.ConfigInfoRequest;
import io.jslurm.protocol.proto.ConfigInfoResponse;
import io.jslurm.protocol.proto.Error;
import io.jslurm.protocol.proto.Header;
import io.jslurm.protocol.proto.JobControlRequest;
import io.jslurm.protocol.proto.JobControlResponse;
import io.jslurm.protocol.proto.JobInfoRequest;
import io.jslurm.protocol.proto.JobInfoResponse;
import io.jslurm.protocol.proto.NodeInfoRequest;
import io.jslurm.protocol.proto.NodeInfoResponse;
import io.jslurm.protocol.proto.PartitionInfoRequest;
import io.jslurm.protocol.proto.PartitionInfoResponse;
import io.jslurm.protocol.proto.Ping;
import io.jslurm.protocol.proto.Pong;
import io.jslurm.protocol.proto.AllocateResourcesRequest;
import io.jslurm.protocol.proto.AllocateResourcesResponse;
import io.jslurm.protocol.proto.JobStepCreateRequest;
import io.jslurm.protocol.proto.JobStepCreateResponse;
import io.jslurm.protocol.proto.StepCompleteRequest;
import io.jslurm.protocol.proto.CompleteAllocationRequest;
import io.jslurm.protocol.proto.StepInfoRequest;
import io.jslurm.protocol.proto.StepInfoResponse;
import io.jslurm.protocol.proto.StepStatRequest;
import io.jslurm.protocol.proto.StepStatResponse;
import io.jslurm.protocol.proto.StatsInfoRequest;
import io.jslurm.protocol.proto.StatsInfoResponse;
import io.jslurm.protocol.proto.PriorityFactorsRequest;
import io.jslurm.protocol.proto.PriorityFactorsResponse;
import io.jslurm.protocol.proto.ShareInfoRequest;
import io.jslurm.protocol.proto.ShareInfoResponse;
import io.jslurm.protocol.proto.ReconfigureRequest;
import io.jslurm.protocol.proto.ReconfigureResponse;
import io.jslurm.protocol.proto.SubmitBatchJobRequest;
import io.jslurm.protocol.proto.SubmitBatchJobResponse;
import io.jslurm.protocol.proto.UpdateJobRequest;
import io.jslurm.protocol.proto.UpdateJobResponse;
import io.jslurm.protocol.proto.UpdateNodeRequest;
import io.jslurm.protocol.proto.UpdateNodeResponse;
import io.jslurm.protocol.proto.UpdatePartitionRequest;
import io.jslurm.protocol.proto.UpdatePartitionResponse;

/**
 * {@link ClientMessage} through its generated accessors, so a command never builds protobuf
 * descriptors (about 100 ms of a cold JVM). Must list every body field: a test compares it with
 * the descriptor-driven access field by field.
 */
final class ClientMessageAccess implements EnvelopeAccess<ClientMessage> {

    @Override
    public Header header(ClientMessage envelope) {
        return envelope.getHeader();
    }

    @Override
    public Message body(ClientMessage envelope) {
        switch (envelope.getBodyCase()) {
            case ERROR: return envelope.getError();
            case ACK: return envelope.getAck();
            case PING: return envelope.getPing();
            case PONG: return envelope.getPong();
            case SUBMIT_BATCH_JOB_REQUEST: return envelope.getSubmitBatchJobRequest();
            case SUBMIT_BATCH_JOB_RESPONSE: return envelope.getSubmitBatchJobResponse();
            case JOB_INFO_REQUEST: return envelope.getJobInfoRequest();
            case JOB_INFO_RESPONSE: return envelope.getJobInfoResponse();
            case CANCEL_JOB_REQUEST: return envelope.getCancelJobRequest();
            case CANCEL_JOB_RESPONSE: return envelope.getCancelJobResponse();
            case NODE_INFO_REQUEST: return envelope.getNodeInfoRequest();
            case NODE_INFO_RESPONSE: return envelope.getNodeInfoResponse();
            case PARTITION_INFO_REQUEST: return envelope.getPartitionInfoRequest();
            case PARTITION_INFO_RESPONSE: return envelope.getPartitionInfoResponse();
            case CONFIG_INFO_REQUEST: return envelope.getConfigInfoRequest();
            case CONFIG_INFO_RESPONSE: return envelope.getConfigInfoResponse();
            case UPDATE_JOB_REQUEST: return envelope.getUpdateJobRequest();
            case UPDATE_JOB_RESPONSE: return envelope.getUpdateJobResponse();
            case JOB_CONTROL_REQUEST: return envelope.getJobControlRequest();
            case JOB_CONTROL_RESPONSE: return envelope.getJobControlResponse();
            case UPDATE_NODE_REQUEST: return envelope.getUpdateNodeRequest();
            case UPDATE_NODE_RESPONSE: return envelope.getUpdateNodeResponse();
            case UPDATE_PARTITION_REQUEST: return envelope.getUpdatePartitionRequest();
            case UPDATE_PARTITION_RESPONSE: return envelope.getUpdatePartitionResponse();
            case RECONFIGURE_REQUEST: return envelope.getReconfigureRequest();
            case RECONFIGURE_RESPONSE: return envelope.getReconfigureResponse();
            case ALLOCATE_RESOURCES_REQUEST: return envelope.getAllocateResourcesRequest();
            case ALLOCATE_RESOURCES_RESPONSE: return envelope.getAllocateResourcesResponse();
            case JOB_STEP_CREATE_REQUEST: return envelope.getJobStepCreateRequest();
            case JOB_STEP_CREATE_RESPONSE: return envelope.getJobStepCreateResponse();
            case STEP_COMPLETE_REQUEST: return envelope.getStepCompleteRequest();
            case COMPLETE_ALLOCATION_REQUEST: return envelope.getCompleteAllocationRequest();
            case STEP_INFO_REQUEST: return envelope.getStepInfoRequest();
            case STEP_INFO_RESPONSE: return envelope.getStepInfoResponse();
            case STEP_STAT_REQUEST: return envelope.getStepStatRequest();
            case STEP_STAT_RESPONSE: return envelope.getStepStatResponse();
            case STATS_INFO_REQUEST: return envelope.getStatsInfoRequest();
            case STATS_INFO_RESPONSE: return envelope.getStatsInfoResponse();
            case PRIORITY_FACTORS_REQUEST: return envelope.getPriorityFactorsRequest();
            case PRIORITY_FACTORS_RESPONSE: return envelope.getPriorityFactorsResponse();
            case SHARE_INFO_REQUEST: return envelope.getShareInfoRequest();
            case SHARE_INFO_RESPONSE: return envelope.getShareInfoResponse();
            case RESERVATION_REQUEST: return envelope.getReservationRequest();
            case RESERVATION_RESPONSE: return envelope.getReservationResponse();
            case RESERVATION_INFO_REQUEST: return envelope.getReservationInfoRequest();
            case RESERVATION_INFO_RESPONSE: return envelope.getReservationInfoResponse();
            default: return null;
        }
    }

    @Override
    public ClientMessage wrap(Header header, Message body) {
        ClientMessage.Builder b = ClientMessage.newBuilder().setHeader(header);
        if (body instanceof Error) {
            b.setError((Error) body);
        } else if (body instanceof Ack) {
            b.setAck((Ack) body);
        } else if (body instanceof Ping) {
            b.setPing((Ping) body);
        } else if (body instanceof Pong) {
            b.setPong((Pong) body);
        } else if (body instanceof SubmitBatchJobRequest) {
            b.setSubmitBatchJobRequest((SubmitBatchJobRequest) body);
        } else if (body instanceof SubmitBatchJobResponse) {
            b.setSubmitBatchJobResponse((SubmitBatchJobResponse) body);
        } else if (body instanceof JobInfoRequest) {
            b.setJobInfoRequest((JobInfoRequest) body);
        } else if (body instanceof JobInfoResponse) {
            b.setJobInfoResponse((JobInfoResponse) body);
        } else if (body instanceof CancelJobRequest) {
            b.setCancelJobRequest((CancelJobRequest) body);
        } else if (body instanceof CancelJobResponse) {
            b.setCancelJobResponse((CancelJobResponse) body);
        } else if (body instanceof NodeInfoRequest) {
            b.setNodeInfoRequest((NodeInfoRequest) body);
        } else if (body instanceof NodeInfoResponse) {
            b.setNodeInfoResponse((NodeInfoResponse) body);
        } else if (body instanceof PartitionInfoRequest) {
            b.setPartitionInfoRequest((PartitionInfoRequest) body);
        } else if (body instanceof PartitionInfoResponse) {
            b.setPartitionInfoResponse((PartitionInfoResponse) body);
        } else if (body instanceof ConfigInfoRequest) {
            b.setConfigInfoRequest((ConfigInfoRequest) body);
        } else if (body instanceof ConfigInfoResponse) {
            b.setConfigInfoResponse((ConfigInfoResponse) body);
        } else if (body instanceof UpdateJobRequest) {
            b.setUpdateJobRequest((UpdateJobRequest) body);
        } else if (body instanceof UpdateJobResponse) {
            b.setUpdateJobResponse((UpdateJobResponse) body);
        } else if (body instanceof JobControlRequest) {
            b.setJobControlRequest((JobControlRequest) body);
        } else if (body instanceof JobControlResponse) {
            b.setJobControlResponse((JobControlResponse) body);
        } else if (body instanceof UpdateNodeRequest) {
            b.setUpdateNodeRequest((UpdateNodeRequest) body);
        } else if (body instanceof UpdateNodeResponse) {
            b.setUpdateNodeResponse((UpdateNodeResponse) body);
        } else if (body instanceof UpdatePartitionRequest) {
            b.setUpdatePartitionRequest((UpdatePartitionRequest) body);
        } else if (body instanceof UpdatePartitionResponse) {
            b.setUpdatePartitionResponse((UpdatePartitionResponse) body);
        } else if (body instanceof ReconfigureRequest) {
            b.setReconfigureRequest((ReconfigureRequest) body);
        } else if (body instanceof ReconfigureResponse) {
            b.setReconfigureResponse((ReconfigureResponse) body);
        } else if (body instanceof AllocateResourcesRequest) {
            b.setAllocateResourcesRequest((AllocateResourcesRequest) body);
        } else if (body instanceof AllocateResourcesResponse) {
            b.setAllocateResourcesResponse((AllocateResourcesResponse) body);
        } else if (body instanceof JobStepCreateRequest) {
            b.setJobStepCreateRequest((JobStepCreateRequest) body);
        } else if (body instanceof JobStepCreateResponse) {
            b.setJobStepCreateResponse((JobStepCreateResponse) body);
        } else if (body instanceof StepCompleteRequest) {
            b.setStepCompleteRequest((StepCompleteRequest) body);
        } else if (body instanceof CompleteAllocationRequest) {
            b.setCompleteAllocationRequest((CompleteAllocationRequest) body);
        } else if (body instanceof StepInfoRequest) {
            b.setStepInfoRequest((StepInfoRequest) body);
        } else if (body instanceof StepInfoResponse) {
            b.setStepInfoResponse((StepInfoResponse) body);
        } else if (body instanceof StepStatRequest) {
            b.setStepStatRequest((StepStatRequest) body);
        } else if (body instanceof StepStatResponse) {
            b.setStepStatResponse((StepStatResponse) body);
        } else if (body instanceof StatsInfoRequest) {
            b.setStatsInfoRequest((StatsInfoRequest) body);
        } else if (body instanceof StatsInfoResponse) {
            b.setStatsInfoResponse((StatsInfoResponse) body);
        } else if (body instanceof PriorityFactorsRequest) {
            b.setPriorityFactorsRequest((PriorityFactorsRequest) body);
        } else if (body instanceof PriorityFactorsResponse) {
            b.setPriorityFactorsResponse((PriorityFactorsResponse) body);
        } else if (body instanceof ShareInfoRequest) {
            b.setShareInfoRequest((ShareInfoRequest) body);
        } else if (body instanceof ShareInfoResponse) {
            b.setShareInfoResponse((ShareInfoResponse) body);
        } else if (body instanceof io.jslurm.protocol.proto.ReservationRequest r) {
            b.setReservationRequest(r);
        } else if (body instanceof io.jslurm.protocol.proto.ReservationResponse r) {
            b.setReservationResponse(r);
        } else if (body instanceof io.jslurm.protocol.proto.ReservationInfoRequest r) {
            b.setReservationInfoRequest(r);
        } else if (body instanceof io.jslurm.protocol.proto.ReservationInfoResponse r) {
            b.setReservationInfoResponse(r);
        } else {
            throw new IllegalArgumentException("ClientMessage cannot carry " + body.getClass().getSimpleName());
        }
        return b.build();
    }
}
