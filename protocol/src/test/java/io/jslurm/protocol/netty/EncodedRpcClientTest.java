package io.jslurm.protocol.netty;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.protocol.ErrorCode;
import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.client.EncodedRpcClient;
import io.jslurm.protocol.proto.ClientMessage;
import io.jslurm.protocol.proto.Credential;
import io.jslurm.protocol.proto.Header;
import io.jslurm.protocol.proto.JobDescription;
import io.jslurm.protocol.proto.SubmitBatchJobRequest;
import io.jslurm.protocol.proto.SubmitBatchJobResponse;
import io.jslurm.protocol.wire.BlockingFrames;
import io.jslurm.protocol.wire.EnvelopeType;
import io.jslurm.protocol.wire.ProtocolException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The hand-encoded client against the real server: same frames as the generated client, signed with the
 * hand-encoded credential, answers and errors decoded without the generated classes.
 */
class EncodedRpcClientTest {
    static final Duration TIMEOUT = Duration.ofSeconds(10);

    final TestRpc rpc = new TestRpc();
    final ExecutorService workers = Executors.newFixedThreadPool(2);
    RpcServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
        workers.shutdownNow();
    }

    private EncodedRpcClient client() throws Exception {
        server = RpcServer.start(RpcServerConfig.defaults(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0)),
                List.of(rpc.clientTable()), rpc.authenticator(), rpc.authorizer(), workers);
        return EncodedRpcClient.connect(server.localAddress(), TIMEOUT,
                rpc.signer.sourceFor(TestRpc.USER_UID, 100, "login1"));
    }

    private static byte[] submit(String name, String partition) {
        return SubmitBatchJobRequest.newBuilder().setJob(JobDescription.newBuilder().setName(name)
                .setPartition(partition)).build().toByteArray();
    }

    @Test
    void submitsAndReadsTheAnswerTwiceOverOneConnection() throws Exception {
        try (EncodedRpcClient client = client()) {
            for (int i = 0; i < 2; i++) {
                SubmitBatchJobResponse answer = SubmitBatchJobResponse.parseFrom(client.call(10, submit("llm", "h100"),
                        11));
                assertThat(answer.getJobId()).isEqualTo(TestRpc.USER_UID);
                assertThat(answer.getUserMessage()).isEqualTo("llm on h100");
            }
        }
    }

    @Test
    void anErrorAnswerIsTheServersCodeAndMessage() throws Exception {
        try (EncodedRpcClient client = client()) {
            assertThatThrownBy(() -> client.call(10, submit("bad-partition", "x"), 11))
                    .isInstanceOfSatisfying(RpcException.class,
                            e -> assertThat(e.errorCode()).isEqualTo(TestRpc.INVALID_PARTITION))
                    .hasMessage("Invalid partition name specified");
        }
    }

    @Test
    void anAnswerOfAnotherTypeIsAProtocolError() throws Exception {
        try (EncodedRpcClient client = client()) {
            // A submission answered, but the caller expected field 13 (JobInfoResponse).
            assertThatThrownBy(() -> client.call(10, submit("llm", "h100"), 13))
                    .isInstanceOf(ProtocolException.class)
                    .hasMessageContaining("unexpected answer to request 1")
                    .hasMessageContaining("body field 11");
        }
    }

    @Test
    void sendsTheFrameTheGeneratedClientSends() throws Exception {
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            byte[] credential = Credential.getDefaultInstance().toByteArray();
            byte[][] received = new byte[1][];
            Thread peer = new Thread(() -> {
                try (Socket socket = listener.accept()) {
                    InputStream in = socket.getInputStream();
                    BlockingFrames.Received frame = BlockingFrames.read(in, 1 << 20);
                    ByteArrayOutputStream whole = new ByteArrayOutputStream();
                    whole.write(frame.header().toBytes());
                    byte[] payload = new byte[frame.payload().remaining()];
                    frame.payload().get(payload);
                    whole.write(payload);
                    received[0] = whole.toByteArray();
                    OutputStream out = socket.getOutputStream();
                    BlockingFrames.write(out, EnvelopeType.CLIENT.kind(), EnvelopeType.CLIENT.wrap(1,
                            SubmitBatchJobResponse.newBuilder().setJobId(7).build()));
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            peer.start();
            try (EncodedRpcClient client = EncodedRpcClient.connect(
                    (InetSocketAddress) listener.getLocalSocketAddress(), TIMEOUT, Credential::getDefaultInstance)) {
                assertThat(SubmitBatchJobResponse.parseFrom(client.call(10, submit("a", "b"), 11)).getJobId())
                        .isEqualTo(7);
            }
            peer.join(TIMEOUT.toMillis());
            ClientMessage expected = EnvelopeType.CLIENT.wrap(Header.newBuilder().setCorrelationId(1)
                    .setCredential(Credential.parseFrom(credential)).build(),
                    SubmitBatchJobRequest.parseFrom(submit("a", "b")));
            ByteArrayOutputStream generated = new ByteArrayOutputStream();
            BlockingFrames.write(generated, EnvelopeType.CLIENT.kind(), expected);
            assertThat(received[0]).isEqualTo(generated.toByteArray());
        }
    }
}
