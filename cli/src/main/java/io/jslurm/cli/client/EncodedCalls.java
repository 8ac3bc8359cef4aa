package io.jslurm.cli.client;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import io.jslurm.protocol.ErrorCode;
import io.jslurm.protocol.proto.ClientMessage;
import io.jslurm.protocol.wire.EnvelopeType;
import io.jslurm.protocol.wire.ProtoWriter;

/** {@link Controller#callEncoded} for controllers that only take generated messages (test stand-ins). */
final class EncodedCalls {

    private EncodedCalls() {
    }

    static byte[] throughMessages(Controller controller, int requestField, byte[] request, int responseField)
            throws ControllerException {
        ClientMessage envelope;
        try {
            envelope = ClientMessage.parseFrom(new ProtoWriter(request.length + 8).bytes(requestField, request)
                    .toByteArray());
        } catch (InvalidProtocolBufferException malformed) {
            throw new IllegalArgumentException("not a ClientMessage body in field " + requestField, malformed);
        }
        Message body = EnvelopeType.CLIENT.body(envelope);
        if (body == null) {
            throw new IllegalArgumentException("ClientMessage has no body field " + requestField);
        }
        Message answer = controller.call(body, Message.class);
        ClientMessage wrapped = EnvelopeType.CLIENT.wrap(0, answer);
        if (wrapped.getBodyCase().getNumber() != responseField) {
            throw new ControllerException(ErrorCode.SLURM_UNEXPECTED_MSG_ERROR.code(), "expected body field "
                    + responseField + ", got " + answer.getClass().getSimpleName());
        }
        return answer.toByteArray();
    }
}
