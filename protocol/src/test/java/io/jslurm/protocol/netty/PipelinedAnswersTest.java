package io.jslurm.protocol.netty;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.protocol.proto.ClientMessage;
import io.jslurm.protocol.proto.JobDescription;
import io.jslurm.protocol.proto.SubmitBatchJobRequest;
import io.jslurm.protocol.proto.SubmitBatchJobResponse;
import io.jslurm.protocol.rpc.AnswerExecutor;
import io.jslurm.protocol.rpc.Execution;
import io.jslurm.protocol.rpc.Permission;
import io.jslurm.protocol.rpc.RpcTable;
import io.jslurm.protocol.wire.BlockingFrames;
import io.jslurm.protocol.wire.EnvelopeType;
import io.jslurm.protocol.wire.FrameHeader;
import java.io.ByteArrayInputStream;
import java.io.SequenceInputStream;
import java.nio.ByteBuffer;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Several requests in flight on one connection (sent back to back, as no Slurm command does but a client may):
 * each gets its own answer, and answers finished together on the event loop (as a journal sync finishes a whole
 * batch) leave in one write rather than one write each.
 */
class PipelinedAnswersTest {

    static final int REQUESTS = 8;

    /** A request the handler started: its stage, and the event loop it finishes on. */
    record Started(String name, CompletableFuture<String> stage, Executor loop) {
    }

    final TestRpc rpc = new TestRpc();
    final List<Started> started = new CopyOnWriteArrayList<>();
    RpcServer server;

    @BeforeEach
    void start() throws Exception {
        RpcTable table = RpcTable.builder(EnvelopeType.CLIENT)
                .routeAsync(SubmitBatchJobRequest.class, Permission.USER, Execution.EVENT_LOOP, call -> {
                    CompletableFuture<String> stage = new CompletableFuture<>();
                    Executor loop = AnswerExecutor.current();
                    started.add(new Started(call.request().getJob().getName(), stage, loop));
                    return stage.thenApplyAsync(name -> SubmitBatchJobResponse.newBuilder().setUserMessage(name)
                            .build(), loop);
                })
                .build();
        server = rpc.startWithoutWorkers(table);
    }

    @AfterEach
    void stop() throws Exception {
        server.close();
    }

    @Test
    void requestsSentTogetherEachGetTheirOwnAnswerAndTheAnswersLeaveInOneWrite() throws Exception {
        try (Socket socket = new Socket()) {
            socket.setSoTimeout(10_000);
            socket.connect(server.localAddress(), 10_000);
            ByteArrayOutputStream requests = new ByteArrayOutputStream();
            for (int i = 1; i <= REQUESTS; i++) {
                requests.write(TestRpc.frameBytes(rpc.userRequest(i, SubmitBatchJobRequest.newBuilder()
                        .setJob(JobDescription.newBuilder().setName("job" + i)).build())));
            }
            socket.getOutputStream().write(requests.toByteArray());
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (started.size() < REQUESTS && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertThat(started).as("handlers started").hasSize(REQUESTS);
            // One connection is served by one event loop; finish every stage in one task there.
            started.get(0).loop().execute(() -> started.forEach(s -> s.stage().complete(s.name())));

            // The first read returns what the first write carried: with every answer in one write, all of them.
            InputStream in = socket.getInputStream();
            byte[] buffer = new byte[1 << 16];
            int first = in.read(buffer);
            int whole = wholeFrames(buffer, first);
            InputStream answers = new SequenceInputStream(new ByteArrayInputStream(buffer, 0, first), in);
            List<String> names = new ArrayList<>();
            for (int i = 0; i < REQUESTS; i++) {
                ClientMessage answer = EnvelopeType.CLIENT.parse(BlockingFrames.read(answers, 1 << 20).payload());
                assertThat(answer.hasSubmitBatchJobResponse()).as(answer.toString()).isTrue();
                assertThat(answer.getSubmitBatchJobResponse().getUserMessage())
                        .as("the answer to request %d", answer.getHeader().getCorrelationId())
                        .isEqualTo("job" + answer.getHeader().getCorrelationId());
                names.add(answer.getSubmitBatchJobResponse().getUserMessage());
            }
            assertThat(names).doesNotHaveDuplicates();
            assertThat(whole).as("answers in the first read").isEqualTo(REQUESTS);
        }
    }

    /** How many whole frames the first {@code length} bytes of {@code buffer} hold. */
    private static int wholeFrames(byte[] buffer, int length) {
        ByteBuffer bytes = ByteBuffer.wrap(buffer, 0, length);
        int frames = 0;
        while (bytes.remaining() >= FrameHeader.SIZE) {
            int payload = bytes.getInt(bytes.position() + FrameHeader.SIZE - 4);
            if (bytes.remaining() < FrameHeader.SIZE + payload) {
                break;
            }
            bytes.position(bytes.position() + FrameHeader.SIZE + payload);
            frames++;
        }
        return frames;
    }
}
