package io.jslurm.protocol.netty;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.protocol.ErrorCode;
import io.jslurm.protocol.ProtocolVersion;
import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.client.RpcClient;
import io.jslurm.protocol.proto.Ack;
import io.jslurm.protocol.proto.ClientMessage;
import io.jslurm.protocol.proto.Gpu;
import io.jslurm.protocol.proto.NodeHardware;
import io.jslurm.protocol.proto.NodeMessage;
import io.jslurm.protocol.proto.NodeRegistration;
import io.jslurm.protocol.rpc.Execution;
import io.jslurm.protocol.rpc.Permission;
import io.jslurm.protocol.rpc.RpcTable;
import io.jslurm.protocol.proto.Credential;
import io.jslurm.protocol.proto.JobDescription;
import io.jslurm.protocol.proto.Ping;
import io.jslurm.protocol.proto.Pong;
import io.jslurm.protocol.proto.SubmitBatchJobRequest;
import io.jslurm.protocol.proto.SubmitBatchJobResponse;
import io.jslurm.protocol.wire.BlockingFrames;
import io.jslurm.protocol.wire.EnvelopeType;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The real server on loopback, driven by the blocking client and by raw sockets. */
class RpcServerLoopbackTest {
    static final Duration TIMEOUT = Duration.ofSeconds(10);

    final TestRpc rpc = new TestRpc();
    final ExecutorService workers = Executors.newFixedThreadPool(4);
    final List<AutoCloseable> open = new ArrayList<>();
    RpcServer server;

    RpcServer start(RpcServerConfig config) throws Exception {
        server = RpcServer.start(config, List.of(rpc.clientTable()), rpc.authenticator(), rpc.authorizer(), workers);
        return server;
    }

    static RpcServerConfig loopback() {
        return RpcServerConfig.defaults(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
    }

    RpcClient<ClientMessage> client() throws IOException {
        RpcClient<ClientMessage> client = RpcClient.connect(EnvelopeType.CLIENT, server.localAddress(), TIMEOUT,
                rpc::userCredential);
        open.add(client);
        return client;
    }

    Socket raw() throws IOException {
        Socket socket = new Socket();
        socket.connect(server.localAddress(), (int) TIMEOUT.toMillis());
        socket.setSoTimeout((int) TIMEOUT.toMillis());
        open.add(socket);
        return socket;
    }

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable c : open) {
            c.close();
        }
        if (server != null) {
            server.close();
        }
        workers.shutdownNow();
    }

    @Test
    void pingsAndSubmitsOverOneConnection() throws Exception {
        start(loopback());
        assertThat(server.transport()).isIn("epoll", "nio");
        RpcClient<ClientMessage> client = client();
        assertThat(client.call(Ping.getDefaultInstance(), Pong.class).getServerVersion()).isEqualTo("test");
        SubmitBatchJobResponse submitted = client.call(SubmitBatchJobRequest.newBuilder()
                .setJob(JobDescription.newBuilder().setName("llm").setPartition("h100")).build(),
                SubmitBatchJobResponse.class);
        assertThat(submitted.getJobId()).isEqualTo(TestRpc.USER_UID);
        assertThat(submitted.getUserMessage()).isEqualTo("llm on h100");
        assertThat(client.call(Ping.getDefaultInstance())).isInstanceOf(Pong.class);
    }

    @Test
    void servesOverNioWhenNativeTransportIsNotWanted() throws Exception {
        RpcServerConfig nio = loopback();
        start(new RpcServerConfig(nio.bind(), nio.maxFramePayload(), nio.readIdleTimeout(),
                nio.maxConnectionsPerHost(), 1, false));
        assertThat(server.transport()).isEqualTo("nio");
        assertThat(client().call(Ping.getDefaultInstance())).isInstanceOf(Pong.class);
    }

    @Test
    void servesCommandsAndNodeDaemonsOnOnePort() throws Exception {
        RpcTable nodeTable = RpcTable.builder(EnvelopeType.NODE)
                .route(NodeRegistration.class, Permission.SLURM_USER, Execution.WORKER, call -> {
                    assertThat(call.request().getGpus(0).getUuid()).isEqualTo("GPU-1234");
                    return Ack.getDefaultInstance();
                })
                .build();
        server = RpcServer.start(loopback(), List.of(rpc.clientTable(), nodeTable), rpc.authenticator(),
                rpc.authorizer(), workers);
        NodeRegistration registration = NodeRegistration.newBuilder().setNodeName("gpu001")
                .setHardware(NodeHardware.newBuilder().setCpus(128).setRealMemoryMb(2_000_000))
                .addGpus(Gpu.newBuilder().setIndex(0).setType("h100").setUuid("GPU-1234"))
                .build();

        RpcClient<NodeMessage> slurmd = RpcClient.connect(EnvelopeType.NODE, server.localAddress(), TIMEOUT,
                () -> rpc.signer.sign(TestRpc.SLURM_USER, TestRpc.SLURM_USER, "gpu001"));
        open.add(slurmd);
        assertThat(slurmd.call(registration)).isEqualTo(Ack.getDefaultInstance());

        RpcClient<NodeMessage> impostor = RpcClient.connect(EnvelopeType.NODE, server.localAddress(), TIMEOUT,
                rpc::userCredential);
        open.add(impostor);
        assertThatThrownBy(() -> impostor.call(registration)).isInstanceOfSatisfying(RpcException.class,
                e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.ESLURM_ACCESS_DENIED.code()));

        assertThat(client().call(Ping.getDefaultInstance())).isInstanceOf(Pong.class);
    }

    @Test
    void surfacesTheServersErrorCodeToTheCaller() throws Exception {
        start(loopback());
        SubmitBatchJobRequest bad = SubmitBatchJobRequest.newBuilder()
                .setJob(JobDescription.newBuilder().setName("bad-partition")).build();
        assertThatThrownBy(() -> client().call(bad))
                .isInstanceOfSatisfying(RpcException.class,
                        e -> assertThat(e.errorCode()).isEqualTo(TestRpc.INVALID_PARTITION))
                .hasMessage("Invalid partition name specified");

        RpcClient<ClientMessage> anonymous = RpcClient.connect(EnvelopeType.CLIENT, server.localAddress(), TIMEOUT,
                Credential::getDefaultInstance);
        open.add(anonymous);
        assertThatThrownBy(() -> anonymous.call(Ping.getDefaultInstance()))
                .isInstanceOfSatisfying(RpcException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(ErrorCode.SLURM_PROTOCOL_AUTHENTICATION_ERROR.code()));
    }

    @Test
    void answersAnOldOrNewPeerWithAVersionErrorAndKeepsServingOthers() throws Exception {
        start(loopback());
        Socket socket = raw();
        byte[] frame = TestRpc.frameBytes(rpc.userRequest(1, Ping.getDefaultInstance()));
        ByteBuffer.wrap(frame).putShort(4, (short) (ProtocolVersion.CURRENT + 1));
        socket.getOutputStream().write(frame);
        ClientMessage reply = readReply(socket.getInputStream());
        assertThat(reply.getError().getCode()).isEqualTo(ErrorCode.SLURM_PROTOCOL_VERSION_ERROR.code());
        assertThat(socket.getInputStream().read()).as("closed after the error").isEqualTo(-1);

        assertThat(client().call(Ping.getDefaultInstance())).isInstanceOf(Pong.class);
    }

    @Test
    void closesAConnectionThatStaysSilent() throws Exception {
        start(loopback().withReadIdleTimeout(Duration.ofMillis(300)));
        Socket socket = raw();
        long started = System.nanoTime();
        assertThat(socket.getInputStream().read()).isEqualTo(-1);
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isBetween(Duration.ofMillis(200), Duration.ofSeconds(5));
    }

    @Test
    void waitsForASlowHandlerLongerThanTheIdleTimeout() throws Exception {
        start(loopback().withReadIdleTimeout(Duration.ofMillis(200)));
        SubmitBatchJobResponse answer = client().call(SubmitBatchJobRequest.newBuilder()
                .setJob(JobDescription.newBuilder().setName("sleep-700")).build(), SubmitBatchJobResponse.class);
        assertThat(answer.getUserMessage()).startsWith("sleep-700");
    }

    @Test
    void answersPipelinedRequestsAsTheyFinishMatchedByCorrelationId() throws Exception {
        start(loopback());
        Socket socket = raw();
        SubmitBatchJobRequest slow = SubmitBatchJobRequest.newBuilder()
                .setJob(JobDescription.newBuilder().setName("sleep-300")).build();
        socket.getOutputStream().write(TestRpc.frameBytes(rpc.userRequest(1, slow)));
        socket.getOutputStream().write(TestRpc.frameBytes(rpc.userRequest(2, Ping.getDefaultInstance())));
        ClientMessage first = readReply(socket.getInputStream());
        ClientMessage second = readReply(socket.getInputStream());
        assertThat(first.getHeader().getCorrelationId()).isEqualTo(2);
        assertThat(first.hasPong()).isTrue();
        assertThat(second.getHeader().getCorrelationId()).isEqualTo(1);
        assertThat(second.getSubmitBatchJobResponse().getUserMessage()).startsWith("sleep-300");
    }

    @Test
    void givesUpOnAServerThatDoesNotAnswerInTime() throws Exception {
        start(loopback());
        RpcClient<ClientMessage> impatient = RpcClient.connect(EnvelopeType.CLIENT, server.localAddress(),
                Duration.ofMillis(200), rpc::userCredential);
        open.add(impatient);
        SubmitBatchJobRequest slow = SubmitBatchJobRequest.newBuilder()
                .setJob(JobDescription.newBuilder().setName("sleep-1500")).build();
        long started = System.nanoTime();
        assertThatThrownBy(() -> impatient.call(slow)).isInstanceOf(java.net.SocketTimeoutException.class);
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofMillis(1400));
        assertThatThrownBy(() -> impatient.call(Ping.getDefaultInstance()))
                .as("a late answer must not be read as the next one").isInstanceOf(java.net.SocketException.class);
    }

    @Test
    void limitsConnectionsPerHost() throws Exception {
        start(loopback().withMaxConnectionsPerHost(3));
        List<RpcClient<ClientMessage>> admitted = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            RpcClient<ClientMessage> c = client();
            c.call(Ping.getDefaultInstance());
            admitted.add(c);
        }
        Socket fourth = raw();
        ClientMessage refusal = readReply(fourth.getInputStream());
        assertThat(refusal.getError().getCode()).isEqualTo(ErrorCode.SLURM_COMMUNICATIONS_CONNECTION_ERROR.code());
        assertThat(refusal.getError().getMessage()).startsWith("too many connections from 127.0.0.1");
        assertThat(fourth.getInputStream().read()).isEqualTo(-1);

        admitted.get(0).close();
        assertThat(admitted.get(1).call(Ping.getDefaultInstance())).isInstanceOf(Pong.class);
        RpcClient<ClientMessage> replacement = awaitAdmission();
        assertThat(replacement.call(Ping.getDefaultInstance())).isInstanceOf(Pong.class);
    }

    /** The server notices a closed connection asynchronously; retry briefly. */
    private RpcClient<ClientMessage> awaitAdmission() throws Exception {
        for (int attempt = 0; ; attempt++) {
            RpcClient<ClientMessage> c = client();
            try {
                c.call(Ping.getDefaultInstance());
                return c;
            } catch (RpcException | IOException e) {
                if (attempt > 50) {
                    throw e;
                }
                Thread.sleep(20);
            }
        }
    }

    @Test
    void keepsAnsweringWhileOtherConnectionsSendGarbage() throws Exception {
        start(loopback());
        RpcClient<ClientMessage> honest = client();
        FrameMutator mutator = new FrameMutator(new Random(PipelineFuzzTest.SEED), rpc);
        for (int i = 0; i < 300; i++) {
            try (Socket hostile = new Socket()) {
                hostile.connect(server.localAddress());
                hostile.setSoTimeout(50);
                hostile.getOutputStream().write(mutator.next());
                hostile.getInputStream().read(new byte[256]);
            } catch (IOException e) {
                // resets and timeouts on the hostile side are expected
            }
            assertThat(honest.call(Ping.getDefaultInstance())).as("ping after hostile connection %d", i)
                    .isInstanceOf(Pong.class);
        }
    }

    static ClientMessage readReply(InputStream in) throws IOException {
        BlockingFrames.Received frame = BlockingFrames.read(in, 1 << 20);
        return EnvelopeType.CLIENT.parse(frame.payload());
    }
}
