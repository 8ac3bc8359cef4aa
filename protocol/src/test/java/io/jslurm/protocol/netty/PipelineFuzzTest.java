package io.jslurm.protocol.netty;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.protocol.proto.ClientMessage;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Thousands of hostile inputs, each on a fresh in-memory connection: nothing may escape the
 * pipeline, and whatever the server sends back must be a well-formed frame.
 */
class PipelineFuzzTest {
    static final long SEED = 20261130L;
    static final int CASES = 4000;

    @Test
    void neverThrowsOutOfThePipelineAndOnlyAnswersWithWellFormedFrames() throws Exception {
        TestRpc rpc = new TestRpc();
        FrameMutator mutator = new FrameMutator(new Random(SEED), rpc);
        int closed = 0;
        int answered = 0;
        for (int i = 0; i < CASES; i++) {
            EmbeddedChannel channel = ServerPipelineTest.newChannel(rpc);
            for (byte[] chunk : mutator.chunks(mutator.next())) {
                if (!channel.isOpen()) {
                    break; // the server hung up; TCP would drop the rest
                }
                channel.writeInbound(Unpooled.wrappedBuffer(chunk));
                channel.runPendingTasks();
            }
            channel.checkException();
            ByteBuf out;
            while ((out = channel.readOutbound()) != null) {
                assertThat(ServerPipelineTest.read(out)).isInstanceOf(ClientMessage.class);
                answered++;
            }
            if (!channel.isOpen()) {
                closed++;
            }
            channel.finishAndReleaseAll();
        }
        // The mutations must actually exercise both paths, or the test proves nothing.
        assertThat(closed).isGreaterThan(CASES / 4);
        assertThat(answered).isGreaterThan(CASES / 4);
    }
}
