package io.jslurm.protocol.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.Message;
import io.jslurm.protocol.proto.ClientMessage;
import io.jslurm.protocol.proto.Error;
import io.jslurm.protocol.proto.LaunchBatchJob;
import io.jslurm.protocol.proto.Ping;
import io.jslurm.protocol.proto.SubmitBatchJobRequest;
import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;

class EnvelopeTypeTest {

    @Test
    void wrapsAndUnwrapsABody() {
        SubmitBatchJobRequest submit = SubmitBatchJobRequest.newBuilder()
                .setJob(io.jslurm.protocol.proto.JobDescription.newBuilder().setName("train")).build();
        ClientMessage envelope = EnvelopeType.CLIENT.wrap(7, submit);
        assertThat(envelope.getSubmitBatchJobRequest()).isEqualTo(submit);
        assertThat(EnvelopeType.CLIENT.header(envelope).getCorrelationId()).isEqualTo(7);
        assertThat(EnvelopeType.CLIENT.body(envelope)).isEqualTo(submit);
        assertThat(EnvelopeType.of(envelope)).isSameAs(EnvelopeType.CLIENT);
    }

    @Test
    void refusesABodyTheEnvelopeDoesNotCarry() {
        assertThatThrownBy(() -> EnvelopeType.CLIENT.wrap(1, LaunchBatchJob.getDefaultInstance()))
                .hasMessageContaining("cannot carry LaunchBatchJob");
    }

    @Test
    void anyEnvelopesErrorReadsAsAnyOtherEnvelopesError() throws Exception {
        List<EnvelopeType<?>> all = List.of(EnvelopeType.CLIENT, EnvelopeType.NODE, EnvelopeType.DBD);
        for (EnvelopeType<?> writer : all) {
            byte[] bytes = writer.error(0, 1005, "version").toByteArray();
            for (EnvelopeType<?> reader : all) {
                Message body = reader.body(reader.parse(ByteBuffer.wrap(bytes)));
                assertThat(body).isEqualTo(Error.newBuilder().setCode(1005).setMessage("version").build());
            }
        }
    }

    @Test
    void everyEnvelopeCarriesPing() {
        for (EnvelopeType<?> type : List.of(EnvelopeType.CLIENT, EnvelopeType.NODE, EnvelopeType.DBD)) {
            assertThat(type.carries(Ping.getDescriptor())).as(type.name()).isTrue();
        }
    }
}
