package io.jslurm.protocol.stepio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class StepIoFrameTest {

    @Test
    void framesReadBackInOrder() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        StepIoFrame.text(StepIoFrame.Kind.STDOUT, 3, "hello\n").writeTo(out);
        StepIoFrame.exit(3, 0, 9).writeTo(out);
        StepIoFrame.signal(2).writeTo(out);
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes.toByteArray()));
        StepIoFrame output = StepIoFrame.readFrom(in);
        assertThat(output.kind()).isEqualTo(StepIoFrame.Kind.STDOUT);
        assertThat(output.task()).isEqualTo(3);
        assertThat(output.text()).isEqualTo("hello\n");
        StepIoFrame exit = StepIoFrame.readFrom(in);
        assertThat(exit.kind()).isEqualTo(StepIoFrame.Kind.EXIT);
        assertThat(exit.number(0)).isZero();
        assertThat(exit.number(1)).isEqualTo(9);
        assertThat(StepIoFrame.readFrom(in).number(0)).isEqualTo(2);
        assertThatThrownBy(() -> StepIoFrame.readFrom(in)).isInstanceOf(EOFException.class);
    }

    @Test
    void anOutOfMemoryExitReadsBackAsSigkillMarkedOom() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        StepIoFrame.exitOutOfMemory(1).writeTo(out);
        StepIoFrame.exit(2, 0, 9).writeTo(out);
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes.toByteArray()));
        StepIoFrame oom = StepIoFrame.readFrom(in);
        assertThat(oom.task()).isEqualTo(1);
        assertThat(oom.number(0)).isZero();
        assertThat(oom.number(1)).isEqualTo(9);
        assertThat(oom.outOfMemory()).isTrue();
        assertThat(StepIoFrame.readFrom(in).outOfMemory()).isFalse();
    }

    @Test
    void pmiNameRequestsAndRepliesReadBack() throws IOException {
        PmiNameRequest request = new PmiNameRequest(7, PmiNameRequest.Op.PUBLISH, "svc", "tcp://n1:4242");
        assertThat(PmiNameRequest.decode(request.encode())).isEqualTo(request);
        PmiNameReply reply = new PmiNameReply(7, true, "tcp://n1:4242");
        assertThat(PmiNameReply.decode(reply.encode())).isEqualTo(reply);
        byte[] badOp = {0, 0, 0, 1, 9, 0, 0, 0, 0};
        assertThatThrownBy(() -> PmiNameRequest.decode(badOp)).hasMessageContaining("unknown PMI name operation 9");
    }

    @Test
    void anOversizedOrUnknownFrameIsRefused() {
        byte[] unknown = {99, 0, 0, 0, 0, 0, 0, 0, 0};
        assertThatThrownBy(() -> StepIoFrame.readFrom(new DataInputStream(new ByteArrayInputStream(unknown))))
                .hasMessageContaining("unknown");
        byte[] huge = {1, 0, 0, 0, 0, 0x7f, 0, 0, 0};
        assertThatThrownBy(() -> StepIoFrame.readFrom(new DataInputStream(new ByteArrayInputStream(huge))))
                .hasMessageContaining("length");
    }
}
