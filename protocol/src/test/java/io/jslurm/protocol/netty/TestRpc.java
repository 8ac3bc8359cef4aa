package io.jslurm.protocol.netty;

import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.TestClock;
import io.jslurm.protocol.auth.Authenticator;
import io.jslurm.protocol.auth.SlurmAuth;
import io.jslurm.protocol.auth.SlurmCredentialSigner;
import io.jslurm.protocol.auth.SlurmKey;
import io.jslurm.protocol.proto.ClientMessage;
import io.jslurm.protocol.proto.Credential;
import io.jslurm.protocol.proto.Header;
import io.jslurm.protocol.proto.JobInfoRequest;
import io.jslurm.protocol.proto.JobInfoResponse;
import io.jslurm.protocol.proto.Ping;
import io.jslurm.protocol.proto.Pong;
import io.jslurm.protocol.proto.SubmitBatchJobRequest;
import io.jslurm.protocol.proto.SubmitBatchJobResponse;
import io.jslurm.protocol.rpc.Authorizer;
import io.jslurm.protocol.rpc.Execution;
import io.jslurm.protocol.rpc.Permission;
import io.jslurm.protocol.rpc.RpcTable;
import io.jslurm.protocol.wire.BlockingFrames;
import io.jslurm.protocol.wire.EnvelopeType;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Executor;

/** A small client-facing service used by the transport tests: ping, an echoing submit, an admin-only query. */
final class TestRpc {
    static final SlurmKey KEY = SlurmKey.of("test-cluster-key-0123456789abcdef0123456789".getBytes(StandardCharsets.UTF_8));
    static final long SLURM_USER = 64030;
    static final int USER_UID = 1000;
    static final int INVALID_PARTITION = 2000;

    final TestClock clock = new TestClock(Instant.parse("2026-11-30T12:00:00Z"));
    final SlurmCredentialSigner signer = new SlurmCredentialSigner(KEY, clock);

    RpcTable clientTable() {
        return RpcTable.builder(EnvelopeType.CLIENT)
                .route(Ping.class, Permission.USER, Execution.EVENT_LOOP,
                        call -> Pong.newBuilder().setServerTimeMs(clock.millis()).setServerVersion("test").build())
                .route(SubmitBatchJobRequest.class, Permission.USER, Execution.WORKER, call -> {
                    String name = call.request().getJob().getName();
                    if (name.equals("bad-partition")) {
                        throw new RpcException(INVALID_PARTITION, "Invalid partition name specified");
                    }
                    if (name.startsWith("sleep-")) {
                        sleep(Long.parseLong(name.substring("sleep-".length())));
                    }
                    if (name.equals("bug")) {
                        throw new IllegalStateException("handler bug");
                    }
                    if (name.equals("assertion")) {
                        throw new AssertionError("handler assertion");
                    }
                    // Echo: the job id is the caller's uid, the message repeats what was asked.
                    return SubmitBatchJobResponse.newBuilder()
                            .setJobId((int) call.caller().uid())
                            .setUserMessage(name + " on " + call.request().getJob().getPartition())
                            .build();
                })
                .route(JobInfoRequest.class, Permission.ADMINISTRATOR, Execution.WORKER,
                        call -> JobInfoResponse.newBuilder().setLastUpdate(42).build())
                .build();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    Authenticator authenticator() {
        return new Authenticator(List.of(new SlurmAuth(KEY, clock)));
    }

    Authorizer authorizer() {
        return Authorizer.slurmUserOnly(SLURM_USER);
    }

    ServerPipeline pipeline(RpcServerConfig config, Executor workers) {
        return new ServerPipeline(config, List.of(clientTable()), authenticator(), authorizer(), workers);
    }

    /** A loopback server for {@code table} whose worker pool refuses every task: its handlers run on event loops. */
    RpcServer startWithoutWorkers(RpcTable table) throws Exception {
        Executor noWorkers = task -> {
            throw new java.util.concurrent.RejectedExecutionException("no worker may run an asynchronous handler");
        };
        return RpcServer.start(RpcServerConfig.defaults(new java.net.InetSocketAddress(
                java.net.InetAddress.getLoopbackAddress(), 0)), List.of(table), authenticator(), authorizer(),
                noWorkers);
    }

    Credential userCredential() {
        return signer.sign(USER_UID, 100, "login1");
    }

    ClientMessage request(long correlationId, com.google.protobuf.Message body, Credential credential) {
        return EnvelopeType.CLIENT.wrap(
                Header.newBuilder().setCorrelationId(correlationId).setCredential(credential).build(), body);
    }

    ClientMessage userRequest(long correlationId, com.google.protobuf.Message body) {
        return request(correlationId, body, userCredential());
    }

    /** Frame bytes produced by the blocking writer, independent of the Netty encoder. */
    static byte[] frameBytes(ClientMessage envelope) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            BlockingFrames.write(out, EnvelopeType.CLIENT.kind(), envelope);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }
}
