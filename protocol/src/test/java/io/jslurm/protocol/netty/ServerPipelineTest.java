package io.jslurm.protocol.netty;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Message;
import io.jslurm.protocol.ErrorCode;
import io.jslurm.protocol.ProtocolVersion;
import io.jslurm.protocol.proto.CancelJobRequest;
import io.jslurm.protocol.proto.ClientMessage;
import io.jslurm.protocol.proto.Credential;
import io.jslurm.protocol.proto.Error;
import io.jslurm.protocol.proto.JobDescription;
import io.jslurm.protocol.proto.JobInfoRequest;
import io.jslurm.protocol.proto.NodeMessage;
import io.jslurm.protocol.proto.Ping;
import io.jslurm.protocol.proto.SubmitBatchJobRequest;
import io.jslurm.protocol.wire.BlockingFrames;
import io.jslurm.protocol.wire.EnvelopeType;
import io.jslurm.protocol.wire.FrameHeader;
import io.jslurm.protocol.wire.FrameKind;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufInputStream;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.embedded.EmbeddedChannel;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The server pipeline on an in-memory channel: framing, decoding, auth, dispatch, error replies. */
class ServerPipelineTest {
    static final int MAX_PAYLOAD = 4096;

    final TestRpc rpc = new TestRpc();
    final EmbeddedChannel channel = newChannel(rpc);

    static EmbeddedChannel newChannel(TestRpc rpc) {
        RpcServerConfig config = RpcServerConfig.defaults(new InetSocketAddress(0)).withMaxFramePayload(MAX_PAYLOAD);
        ServerPipeline pipeline = rpc.pipeline(config, Runnable::run);
        return new EmbeddedChannel(new ChannelInitializer<EmbeddedChannel>() {
            @Override
            protected void initChannel(EmbeddedChannel ch) {
                pipeline.install(ch.pipeline());
            }
        });
    }

    @AfterEach
    void nothingEscapedThePipeline() {
        channel.checkException();
        channel.finishAndReleaseAll();
    }

    @Test
    void answersAPingWithAPongUnderTheSameCorrelationId() throws Exception {
        send(TestRpc.frameBytes(rpc.userRequest(77, Ping.getDefaultInstance())));
        ClientMessage reply = onlyReply();
        assertThat(reply.getHeader().getCorrelationId()).isEqualTo(77);
        assertThat(reply.getPong().getServerVersion()).isEqualTo("test");
    }

    @Test
    void runsAWorkerHandlerAndReturnsItsResponse() throws Exception {
        SubmitBatchJobRequest submit = SubmitBatchJobRequest.newBuilder()
                .setJob(JobDescription.newBuilder().setName("train").setPartition("gpu")).build();
        send(TestRpc.frameBytes(rpc.userRequest(5, submit)));
        ClientMessage reply = onlyReply();
        assertThat(reply.getSubmitBatchJobResponse().getJobId()).isEqualTo(TestRpc.USER_UID);
        assertThat(reply.getSubmitBatchJobResponse().getUserMessage()).isEqualTo("train on gpu");
    }

    @Test
    void reassemblesAFrameDeliveredOneByteAtATime() throws Exception {
        byte[] frame = TestRpc.frameBytes(rpc.userRequest(9, Ping.getDefaultInstance()));
        for (int i = 0; i < frame.length; i++) {
            assertThat(channel.<ByteBuf>readOutbound()).as("no reply before byte %d", i).isNull();
            send(new byte[] {frame[i]});
        }
        assertThat(onlyReply().getHeader().getCorrelationId()).isEqualTo(9);
    }

    @Test
    void answersEveryFrameOfABufferHoldingSeveral() throws Exception {
        byte[] a = TestRpc.frameBytes(rpc.userRequest(1, Ping.getDefaultInstance()));
        byte[] b = TestRpc.frameBytes(rpc.userRequest(2, Ping.getDefaultInstance()));
        byte[] c = TestRpc.frameBytes(rpc.userRequest(3, Ping.getDefaultInstance()));
        byte[] all = ByteBuffer.allocate(a.length + b.length + c.length).put(a).put(b).put(c).array();
        send(java.util.Arrays.copyOfRange(all, 0, a.length + 5));
        send(java.util.Arrays.copyOfRange(all, a.length + 5, all.length));
        List<Long> ids = new ArrayList<>();
        for (ClientMessage reply : replies()) {
            ids.add(reply.getHeader().getCorrelationId());
        }
        assertThat(ids).containsExactly(1L, 2L, 3L);
    }

    @Test
    void refusesAnOversizedFrameFromItsHeaderAlone() throws Exception {
        send(FrameHeader.current(FrameKind.CLIENT, MAX_PAYLOAD + 1).toBytes());
        assertClosedWith(ErrorCode.SLURM_PROTOCOL_INSANE_MSG_LENGTH, "exceeds the limit of 4096");
    }

    @Test
    void refusesAnotherProtocolVersion() throws Exception {
        byte[] frame = TestRpc.frameBytes(rpc.userRequest(1, Ping.getDefaultInstance()));
        ByteBuffer.wrap(frame).putShort(4, (short) (ProtocolVersion.CURRENT + 7));
        send(frame);
        assertClosedWith(ErrorCode.SLURM_PROTOCOL_VERSION_ERROR, "protocol version 8 not supported");
    }

    @Test
    void refusesSomethingThatIsNotOurProtocol() throws Exception {
        send("GET / HTTP/1.1\r\nHost: ctl\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        assertClosedWith(ErrorCode.SLURM_UNEXPECTED_MSG_ERROR, "not a jslurm frame");
    }

    @Test
    void refusesAPayloadThatIsNotAnEnvelope() throws Exception {
        byte[] junk = {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x01, 0x02};
        ByteBuffer frame = ByteBuffer.allocate(FrameHeader.SIZE + junk.length);
        FrameHeader.current(FrameKind.CLIENT, junk.length).writeTo(frame);
        frame.put(junk);
        send(frame.array());
        assertClosedWith(ErrorCode.ESLURM_PROTOCOL_INCOMPLETE_PACKET, "undecodable ClientMessage");
    }

    @Test
    void refusesAConnectionKindItDoesNotServe() throws Exception {
        NodeMessage node = EnvelopeType.NODE.wrap(1, Ping.getDefaultInstance());
        ByteBuffer frame = ByteBuffer.allocate(FrameHeader.SIZE + node.getSerializedSize());
        FrameHeader.current(FrameKind.NODE, node.getSerializedSize()).writeTo(frame);
        frame.put(node.toByteArray());
        send(frame.array());
        assertClosedWith(ErrorCode.SLURM_UNEXPECTED_MSG_ERROR, "NODE connections are not served");
    }

    @Test
    void answersAnUnauthenticatedRequestWithAnErrorAndKeepsTheConnection() throws Exception {
        send(TestRpc.frameBytes(rpc.request(1, Ping.getDefaultInstance(), Credential.getDefaultInstance())));
        Error error = onlyReply().getError();
        assertThat(error.getCode()).isEqualTo(ErrorCode.SLURM_PROTOCOL_AUTHENTICATION_ERROR.code());
        assertThat(channel.isOpen()).isTrue();

        send(TestRpc.frameBytes(rpc.userRequest(2, Ping.getDefaultInstance())));
        assertThat(onlyReply().hasPong()).isTrue();
    }

    @Test
    void answersAReplayedCredentialWithAnError() throws Exception {
        ClientMessage request = rpc.userRequest(1, Ping.getDefaultInstance());
        send(TestRpc.frameBytes(request));
        assertThat(onlyReply().hasPong()).isTrue();
        send(TestRpc.frameBytes(request));
        Error error = onlyReply().getError();
        assertThat(error.getCode()).isEqualTo(ErrorCode.ESLURM_AUTH_CRED_INVALID.code());
        assertThat(error.getMessage()).contains("replayed");
    }

    @Test
    void deniesAnOrdinaryUserAnAdministratorRequest() throws Exception {
        send(TestRpc.frameBytes(rpc.userRequest(1, JobInfoRequest.getDefaultInstance())));
        assertThat(onlyReply().getError().getCode()).isEqualTo(ErrorCode.ESLURM_ACCESS_DENIED.code());

        Credential slurmUser = rpc.signer.sign(TestRpc.SLURM_USER, TestRpc.SLURM_USER, "ctl");
        send(TestRpc.frameBytes(rpc.request(2, JobInfoRequest.getDefaultInstance(), slurmUser)));
        assertThat(onlyReply().getJobInfoResponse().getLastUpdate()).isEqualTo(42);
    }

    @Test
    void saysWhichRequestsItDoesNotServe() throws Exception {
        send(TestRpc.frameBytes(rpc.userRequest(4, CancelJobRequest.getDefaultInstance())));
        ClientMessage reply = onlyReply();
        assertThat(reply.getHeader().getCorrelationId()).isEqualTo(4);
        assertThat(reply.getError().getCode()).isEqualTo(ErrorCode.SLURM_UNEXPECTED_MSG_ERROR.code());
        assertThat(reply.getError().getMessage()).isEqualTo("CancelJobRequest is not served here");
    }

    @Test
    void passesAHandlersSlurmErrorThroughAndSurvivesAHandlerBug() throws Exception {
        send(TestRpc.frameBytes(rpc.userRequest(1, submit("bad-partition"))));
        Error refused = onlyReply().getError();
        assertThat(refused.getCode()).isEqualTo(TestRpc.INVALID_PARTITION);
        assertThat(refused.getMessage()).isEqualTo("Invalid partition name specified");

        send(TestRpc.frameBytes(rpc.userRequest(2, submit("bug"))));
        Error failed = onlyReply().getError();
        assertThat(failed.getCode()).isEqualTo(ErrorCode.SLURM_ERROR.code());
        assertThat(failed.getMessage()).contains("internal error");
        assertThat(channel.isOpen()).isTrue();

        send(TestRpc.frameBytes(rpc.userRequest(3, submit("assertion"))));
        assertThat(onlyReply().getError().getMessage()).contains("handler assertion");
    }

    @Test
    void encoderFramesWhatTheBlockingReaderReads() throws Exception {
        ClientMessage sent = rpc.userRequest(3, submit("x"));
        channel.writeOutbound(sent);
        ClientMessage read = (ClientMessage) read(channel.readOutbound());
        assertThat(read).isEqualTo(sent);
    }

    private static SubmitBatchJobRequest submit(String name) {
        return SubmitBatchJobRequest.newBuilder().setJob(JobDescription.newBuilder().setName(name)).build();
    }

    private void send(byte[] bytes) {
        channel.writeInbound(Unpooled.wrappedBuffer(bytes));
        channel.runPendingTasks();
    }

    private List<ClientMessage> replies() throws Exception {
        List<ClientMessage> out = new ArrayList<>();
        ByteBuf buf;
        while ((buf = channel.readOutbound()) != null) {
            out.add((ClientMessage) read(buf));
        }
        return out;
    }

    private ClientMessage onlyReply() throws Exception {
        List<ClientMessage> replies = replies();
        assertThat(replies).hasSize(1);
        return replies.get(0);
    }

    private void assertClosedWith(ErrorCode code, String message) throws Exception {
        ClientMessage reply = onlyReply();
        assertThat(reply.getHeader().getCorrelationId()).isZero();
        assertThat(reply.getError().getCode()).isEqualTo(code.code());
        assertThat(reply.getError().getMessage()).contains(message);
        assertThat(channel.isOpen()).isFalse();
    }

    static Message read(ByteBuf buf) throws Exception {
        try (ByteBufInputStream in = new ByteBufInputStream(buf, true)) {
            BlockingFrames.Received frame = BlockingFrames.read(in, Integer.MAX_VALUE);
            assertThat(frame.header().kind()).isEqualTo(FrameKind.CLIENT);
            assertThat(frame.header().version()).isEqualTo(ProtocolVersion.CURRENT);
            return EnvelopeType.CLIENT.parse(frame.payload());
        }
    }
}
