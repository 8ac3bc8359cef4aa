package io.jslurm.protocol.netty;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.security.auth.module.UnixSystem;
import io.jslurm.protocol.ErrorCode;
import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.auth.AuthTestAccess;
import io.jslurm.protocol.auth.Authenticator;
import io.jslurm.protocol.auth.MungeAuth;
import io.jslurm.protocol.auth.MungeCredentialSource;
import io.jslurm.protocol.auth.MungedProcess;
import io.jslurm.protocol.client.RpcClient;
import io.jslurm.protocol.proto.ClientMessage;
import io.jslurm.protocol.proto.Credential;
import io.jslurm.protocol.proto.JobDescription;
import io.jslurm.protocol.proto.MungeCredential;
import io.jslurm.protocol.proto.Ping;
import io.jslurm.protocol.proto.Pong;
import io.jslurm.protocol.proto.SubmitBatchJobRequest;
import io.jslurm.protocol.proto.SubmitBatchJobResponse;
import io.jslurm.protocol.wire.EnvelopeType;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The real server and client over loopback, authenticated by a real munged. */
class MungeRpcTest {
    static final long NOBODY = 65534;

    final TestRpc rpc = new TestRpc();
    final ExecutorService workers = Executors.newFixedThreadPool(2);
    MungedProcess munged;
    RpcServer server;

    @BeforeEach
    void start() throws Exception {
        munged = MungedProcess.start();
        server = RpcServer.start(RpcServerLoopbackTest.loopback(), List.of(rpc.clientTable()),
                new Authenticator(List.of(new MungeAuth(munged.munge()))), rpc.authorizer(), workers);
    }

    @AfterEach
    void stop() throws Exception {
        server.close();
        workers.shutdownNow();
        munged.close();
    }

    RpcClient<ClientMessage> client(io.jslurm.protocol.auth.CredentialSource credentials) throws IOException {
        return RpcClient.connect(EnvelopeType.CLIENT, server.localAddress(), RpcServerLoopbackTest.TIMEOUT,
                credentials);
    }

    /** The echo route answers with the caller's uid as the job id. */
    static SubmitBatchJobRequest echo() {
        return SubmitBatchJobRequest.newBuilder().setJob(JobDescription.newBuilder().setName("who")).build();
    }

    @Test
    void requestsAreServedAsTheUidMungeReports() throws Exception {
        try (RpcClient<ClientMessage> client = client(new MungeCredentialSource(munged.munge(), "login1"))) {
            assertThat(client.call(Ping.getDefaultInstance(), Pong.class).getServerVersion()).isEqualTo("test");
            SubmitBatchJobResponse response = client.call(echo(), SubmitBatchJobResponse.class);

            assertThat(Integer.toUnsignedLong(response.getJobId())).isEqualTo(new UnixSystem().getUid());
        }
    }

    @Test
    void aReplayedCredentialIsAnsweredWithAnAuthenticationError() throws Exception {
        Credential once = new MungeCredentialSource(munged.munge(), "login1").next();
        try (RpcClient<ClientMessage> client = client(() -> once)) {
            client.call(Ping.getDefaultInstance(), Pong.class);

            assertThatThrownBy(() -> client.call(Ping.getDefaultInstance()))
                    .isInstanceOf(RpcException.class)
                    .hasMessageContaining("munge: Replayed credential")
                    .extracting(e -> ((RpcException) e).errorCode())
                    .isEqualTo(ErrorCode.ESLURM_AUTH_CRED_INVALID.code());
        }
    }

    @Test
    void aCredentialEncodedByAnotherUserIsServedAsThatUser() throws Exception {
        assumeTrue(new UnixSystem().getUid() == 0, "running a process as another user needs root");
        try (RpcClient<ClientMessage> client = client(() -> encodedAsNobody("login2"))) {
            SubmitBatchJobResponse response = client.call(echo(), SubmitBatchJobResponse.class);

            assertThat(Integer.toUnsignedLong(response.getJobId())).isEqualTo(NOBODY);
        }
    }

    /** munge(1) run as nobody through setpriv, sealing the same payload our own encoder would. */
    Credential encodedAsNobody(String host) throws IOException {
        Process munge = new ProcessBuilder("setpriv", "--reuid=" + NOBODY, "--regid=" + NOBODY, "--clear-groups",
                "munge", "--socket=" + munged.socket()).redirectErrorStream(true).start();
        try (var stdin = munge.getOutputStream()) {
            stdin.write(AuthTestAccess.payload(host));
        }
        String out = new String(munge.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
        try {
            if (!munge.waitFor(10, TimeUnit.SECONDS) || munge.exitValue() != 0) {
                throw new IOException("munge as nobody failed: " + out);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
        return Credential.newBuilder().setMunge(MungeCredential.newBuilder().setCredential(out)).build();
    }
}
