package io.jslurm.protocol.wire;

import com.google.protobuf.Message;
import io.jslurm.protocol.proto.Ack;
import io.jslurm.protocol.proto.CancelJobRequest;
import io.jslurm.protocol.proto.CancelJobResponse;
import io.jslurm.protocol.proto.ClientMessage;
import io.jslurm.protocol.proto.Error;
import io.jslurm.protocol.proto.Header;
import io.jslurm.protocol.proto.JobInfoRequest;
import io.jslurm.protocol.proto.JobInfoResponse;
import io.jslurm.protocol.proto.Ping;
import io.jslurm.protocol.proto.Pong;
import io.jslurm.protocol.proto.SubmitBatchJobRequest;
import io.jslurm.protocol.proto.SubmitBatchJobResponse;

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
        } else {
            throw new IllegalArgumentException("ClientMessage cannot carry " + body.getClass().getSimpleName());
        }
        return b.build();
    }
}
