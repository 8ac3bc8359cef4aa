package io.jslurm.protocol.netty;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.client.RpcClient;
import io.jslurm.protocol.proto.ClientMessage;
import io.jslurm.protocol.proto.JobDescription;
import io.jslurm.protocol.proto.SubmitBatchJobRequest;
import io.jslurm.protocol.proto.SubmitBatchJobResponse;
import io.jslurm.protocol.rpc.AnswerExecutor;
import io.jslurm.protocol.rpc.Execution;
import io.jslurm.protocol.rpc.Permission;
import io.jslurm.protocol.rpc.RpcTable;
import io.jslurm.protocol.wire.EnvelopeType;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Asynchronous handlers on the real server: started on the event loop, answered only when their stage completes,
 * with no worker thread involved (the server's worker executor refuses every task here).
 */
class AsyncHandlerTest {

    /** A submission the handler has started and not yet answered. */
    record Pending(String name, CompletableFuture<SubmitBatchJobResponse> answer) {
    }

    final TestRpc rpc = new TestRpc();
    final BlockingQueue<Pending> started = new LinkedBlockingQueue<>();
    final ExecutorService callers = Executors.newCachedThreadPool();
    final List<RpcClient<ClientMessage>> clients = new ArrayList<>();
    RpcServer server;

    @BeforeEach
    void start() throws Exception {
        RpcTable table = RpcTable.builder(EnvelopeType.CLIENT)
                .routeAsync(SubmitBatchJobRequest.class, Permission.USER, Execution.EVENT_LOOP, call -> {
                    String name = call.request().getJob().getName();
                    if (name.equals("refused-at-once")) {
                        throw new RpcException(2000, "Invalid partition name specified");
                    }
                    CompletableFuture<SubmitBatchJobResponse> answer = new CompletableFuture<>();
                    started.add(new Pending(name, answer));
                    if (name.equals("finished-on-its-loop")) {
                        String loop = Thread.currentThread().getName();
                        return answer.thenApplyAsync(response -> response.toBuilder()
                                .setUserMessage(loop + "|" + Thread.currentThread().getName()).build(),
                                AnswerExecutor.current());
                    }
                    return answer;
                })
                .build();
        server = rpc.startWithoutWorkers(table);
    }

    @AfterEach
    void stop() throws Exception {
        callers.shutdownNow();
        for (RpcClient<ClientMessage> client : clients) {
            client.close();
        }
        server.close();
    }

    Future<SubmitBatchJobResponse> submit(String name) throws Exception {
        RpcClient<ClientMessage> client = RpcClient.connect(EnvelopeType.CLIENT, server.localAddress(),
                java.time.Duration.ofSeconds(10), rpc::userCredential);
        clients.add(client);
        SubmitBatchJobRequest request = SubmitBatchJobRequest.newBuilder()
                .setJob(JobDescription.newBuilder().setName(name)).build();
        return callers.submit(() -> client.call(request, SubmitBatchJobResponse.class));
    }

    Pending next() throws InterruptedException {
        Pending pending = started.poll(10, TimeUnit.SECONDS);
        assertThat(pending).as("handler started").isNotNull();
        return pending;
    }

    @Test
    void answersOnlyWhenTheStageCompletes() throws Exception {
        Future<SubmitBatchJobResponse> reply = submit("train");
        Pending pending = next();
        assertThatThrownBy(() -> reply.get(300, TimeUnit.MILLISECONDS))
                .as("no answer before the handler's stage completes").isInstanceOf(TimeoutException.class);
        pending.answer().complete(SubmitBatchJobResponse.newBuilder().setJobId(42).build());
        assertThat(reply.get(10, TimeUnit.SECONDS).getJobId()).isEqualTo(42);
    }

    @Test
    void theRestOfAnAnswerRunsOnTheEventLoopItStartedOnNotOnTheThreadThatCompletesTheStage() throws Exception {
        Future<SubmitBatchJobResponse> reply = submit("finished-on-its-loop");
        next().answer().complete(SubmitBatchJobResponse.newBuilder().setJobId(7).build());
        String[] threads = reply.get(10, TimeUnit.SECONDS).getUserMessage().split("\\|");
        assertThat(threads[1]).isEqualTo(threads[0]).isNotEqualTo(Thread.currentThread().getName());
    }

    @Test
    void answersRequestsInTheOrderTheirStagesComplete() throws Exception {
        List<Future<SubmitBatchJobResponse>> replies = new ArrayList<>();
        List<Pending> pending = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            replies.add(submit("job" + i));
            pending.add(next());
        }
        for (int i = 2; i >= 0; i--) {
            Pending p = pending.get(i);
            p.answer().complete(SubmitBatchJobResponse.newBuilder().setUserMessage(p.name()).build());
        }
        // Each connection gets the answer to its own request, whichever completed first.
        for (int i = 0; i < 3; i++) {
            assertThat(replies.get(i).get(10, TimeUnit.SECONDS).getUserMessage()).isEqualTo("job" + i);
        }
    }

    @Test
    void aStageCompletedWithAnRpcExceptionAnswersWithItsError() throws Exception {
        Future<SubmitBatchJobResponse> reply = submit("late-refusal");
        next().answer().completeExceptionally(new RpcException(2015, "Job violates accounting/QOS policy"));
        assertThatThrownBy(() -> reply.get(10, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
                .cause().isInstanceOf(RpcException.class).hasMessageContaining("accounting/QOS policy")
                .extracting(e -> ((RpcException) e).errorCode()).isEqualTo(2015);
    }

    @Test
    void aHandlerThatThrowsBeforeReturningAStageAnswersWithItsError() throws Exception {
        Future<SubmitBatchJobResponse> reply = submit("refused-at-once");
        assertThatThrownBy(() -> reply.get(10, TimeUnit.SECONDS)).cause().isInstanceOf(RpcException.class)
                .extracting(e -> ((RpcException) e).errorCode()).isEqualTo(2000);
    }

    @Test
    void aStageFailedByABugAnswersWithAnInternalError() throws Exception {
        Future<SubmitBatchJobResponse> reply = submit("bug");
        next().answer().completeExceptionally(new IllegalStateException("lost the journal"));
        assertThatThrownBy(() -> reply.get(10, TimeUnit.SECONDS)).cause().isInstanceOf(RpcException.class)
                .hasMessageContaining("internal error").hasMessageContaining("lost the journal");
    }
}
