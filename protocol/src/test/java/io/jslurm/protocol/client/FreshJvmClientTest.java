package io.jslurm.protocol.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.protocol.TestClock;
import io.jslurm.protocol.auth.Authenticator;
import io.jslurm.protocol.auth.SlurmAuth;
import io.jslurm.protocol.auth.SlurmKey;
import io.jslurm.protocol.netty.RpcServer;
import io.jslurm.protocol.netty.RpcServerConfig;
import io.jslurm.protocol.proto.Ping;
import io.jslurm.protocol.proto.Pong;
import io.jslurm.protocol.rpc.Authorizer;
import io.jslurm.protocol.rpc.Execution;
import io.jslurm.protocol.rpc.Permission;
import io.jslurm.protocol.rpc.RpcTable;
import io.jslurm.protocol.wire.EnvelopeType;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A command's JVM: starts, signs, pings. Checks it loads no Netty class and reports how long it
 * takes, since every sbatch/squeue pays this.
 */
class FreshJvmClientTest {
    static final int RUNS = 5;

    @TempDir
    Path dir;

    @Test
    void pingsFromAFreshJvmWithoutLoadingNetty() throws Exception {
        byte[] keyBytes = "fresh-jvm-test-key-0123456789abcdef0123456789".getBytes(StandardCharsets.UTF_8);
        Path key = dir.resolve("slurm.key");
        Files.write(key, keyBytes);
        Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-------"));
        RpcTable table = RpcTable.builder(EnvelopeType.CLIENT)
                .route(Ping.class, Permission.USER, Execution.EVENT_LOOP,
                        call -> Pong.newBuilder().setServerVersion("fresh").build())
                .build();
        Authenticator authenticator = new Authenticator(List.of(new SlurmAuth(SlurmKey.of(keyBytes), Clock.systemUTC())));
        var workers = Executors.newSingleThreadExecutor();
        try (RpcServer server = RpcServer.start(
                RpcServerConfig.defaults(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0)),
                List.of(table), authenticator, Authorizer.slurmUserOnly(0), workers)) {
            String host = server.localAddress().getAddress().getHostAddress();
            String port = String.valueOf(server.localAddress().getPort());
            String socket = dir.resolve("unused.socket").toString();

            Run traced = run(List.of("-verbose:class"), host, port, key.toString(), socket);
            assertThat(traced.output).contains("pong fresh");
            assertThat(traced.output.lines().filter(l -> l.contains("io.netty."))).isEmpty();
            long loaded = traced.output.lines().filter(l -> l.contains("[class,load]")).count();

            long[] noop = new long[RUNS];
            String noopCpu = "";
            for (int i = 0; i < RUNS; i++) {
                Run empty = run(List.of(), "noop");
                noop[i] = empty.millis;
                noopCpu = empty.output.trim();
            }
            Arrays.sort(noop);
            System.out.printf("FIGURE fresh JVM doing nothing: median %d ms (min %d), %s%n", noop[RUNS / 2], noop[0],
                    noopCpu);
            // Default JVM flags, then the flags a command launcher would use: C1 only and the serial
            // collector trade peak speed (irrelevant for a command) for less start-up work.
            for (List<String> flags : List.of(List.<String>of(), List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"))) {
                long[] ping = new long[RUNS];
                String phases = "";
                for (int i = 0; i < RUNS; i++) {
                    Run r = run(flags, host, port, key.toString(), socket);
                    ping[i] = r.millis;
                    phases = r.output.trim();
                }
                Arrays.sort(ping);
                System.out.printf("FIGURE fresh JVM %s, sign+connect+ping: median %d ms (min %d); %d classes loaded;"
                        + " last run: %s%n", flags.isEmpty() ? "(default flags)" : flags, ping[RUNS / 2], ping[0],
                        loaded, phases);
            }
        } finally {
            workers.shutdownNow();
        }
    }

    private record Run(long millis, String output) {
    }

    private static Run run(List<String> jvmOptions, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(PingProbe.class.getName());
        command.addAll(List.of(args));
        long start = System.nanoTime();
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertThat(process.exitValue()).as(output).isZero();
        return new Run(millis, output);
    }
}
