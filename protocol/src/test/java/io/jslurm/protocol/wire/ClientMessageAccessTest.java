package io.jslurm.protocol.wire;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import io.jslurm.protocol.proto.ClientMessage;
import io.jslurm.protocol.proto.Header;
import org.junit.jupiter.api.Test;

/** The hand-written fast access must agree with the descriptors on every body field. */
class ClientMessageAccessTest {

    @Test
    void coversEveryBodyFieldExactlyAsTheDescriptorsDo() {
        ReflectiveEnvelopeAccess<ClientMessage> reflective = EnvelopeType.CLIENT.reflective();
        EnvelopeAccess<ClientMessage> typed = EnvelopeType.CLIENT.typedAccess();
        Header header = Header.newBuilder().setCorrelationId(99).build();
        int fields = 0;
        for (FieldDescriptor field : reflective.bodyFields()) {
            Message body = ClientMessage.newBuilder().newBuilderForField(field).build();
            ClientMessage viaTyped = typed.wrap(header, body);
            assertThat(viaTyped).as(field.getName()).isEqualTo(reflective.wrap(header, body));
            assertThat(typed.body(viaTyped)).as(field.getName()).isEqualTo(body);
            assertThat(typed.header(viaTyped)).isEqualTo(header);
            fields++;
        }
        assertThat(fields).isGreaterThanOrEqualTo(10);
        assertThat(typed.body(ClientMessage.getDefaultInstance())).isNull();
    }
}
