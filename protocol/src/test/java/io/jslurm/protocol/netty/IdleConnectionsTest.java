package io.jslurm.protocol.netty;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.management.UnixOperatingSystemMXBean;
import io.jslurm.protocol.client.RpcClient;
import io.jslurm.protocol.proto.ClientMessage;
import io.jslurm.protocol.proto.Ping;
import io.jslurm.protocol.proto.Pong;
import io.jslurm.protocol.wire.EnvelopeType;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;

/** A thousand connected-but-silent clients must not slow down the one that is talking. */
class IdleConnectionsTest {
    static final int IDLE = 1000;
    static final int PINGS = 2000;

    @Test
    void pingStaysPromptWithAThousandIdleConnections() throws Exception {
        long fdLimit = ((UnixOperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getMaxFileDescriptorCount();
        // Both ends of every connection live in this JVM.
        assumeTrue(fdLimit > 2L * IDLE + 500, "ulimit -n too low for " + IDLE + " loopback connections: " + fdLimit);

        TestRpc rpc = new TestRpc();
        ExecutorService workers = Executors.newFixedThreadPool(2);
        RpcServerConfig config = RpcServerConfig.defaults(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
                .withMaxConnectionsPerHost(IDLE + 10)
                .withReadIdleTimeout(Duration.ofMinutes(10));
        List<Socket> idle = new ArrayList<>();
        try (RpcServer server = RpcServer.start(config, List.of(rpc.clientTable()), rpc.authenticator(),
                rpc.authorizer(), workers);
             RpcClient<ClientMessage> talker = RpcClient.connect(EnvelopeType.CLIENT, server.localAddress(), Duration.ofSeconds(10),
                     rpc::userCredential)) {
            pings(talker, PINGS); // warm-up
            Latencies quiet = Latencies.of(pings(talker, PINGS));

            long opening = System.nanoTime();
            for (int i = 0; i < IDLE; i++) {
                Socket socket = new Socket();
                idle.add(socket);
                socket.connect(server.localAddress(), 10_000);
                socket.setSoTimeout(10_000);
                // one request each, so every connection is known to be accepted and served before it goes quiet
                socket.getOutputStream().write(TestRpc.frameBytes(rpc.userRequest(i, Ping.getDefaultInstance())));
                assertThat(RpcServerLoopbackTest.readReply(socket.getInputStream()).hasPong()).isTrue();
            }
            Duration openTime = Duration.ofNanos(System.nanoTime() - opening);

            Latencies crowded = Latencies.of(pings(talker, PINGS));
            System.out.printf("FIGURE ping over loopback (%s): %s%n", server.transport(), quiet.describe());
            System.out.printf("FIGURE ping with %d idle connections: %s%n", IDLE, crowded.describe());
            System.out.printf("FIGURE opening %d connections with one ping each: %d ms%n", IDLE, openTime.toMillis());

            assertThat(idle).allMatch(s -> s.isConnected() && !s.isClosed());
            // Generous bounds: the build machine is small and shared.
            assertThat(crowded.percentileNanos(50)).isLessThan(Duration.ofMillis(5).toNanos());
            assertThat(crowded.percentileNanos(99)).isLessThan(Duration.ofMillis(100).toNanos());
        } finally {
            for (Socket socket : idle) {
                socket.close();
            }
            workers.shutdownNow();
        }
    }

    static long[] pings(RpcClient<ClientMessage> client, int count) throws Exception {
        long[] nanos = new long[count];
        for (int i = 0; i < count; i++) {
            long start = System.nanoTime();
            Pong pong = client.call(Ping.getDefaultInstance(), Pong.class);
            nanos[i] = System.nanoTime() - start;
            assertThat(pong.getServerVersion()).isEqualTo("test");
        }
        return nanos;
    }
}
