package io.jslurm.protocol.client;

import io.jslurm.protocol.auth.CredentialSource;
import io.jslurm.protocol.auth.CredentialSources;
import io.jslurm.protocol.proto.ClientMessage;
import io.jslurm.protocol.proto.Ping;
import io.jslurm.protocol.proto.Pong;
import io.jslurm.protocol.wire.EnvelopeType;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;

/**
 * What a command does at start-up, in a fresh JVM: build the credential source, connect, ping.
 * Prints the phases in microseconds. With "noop" it returns at once (JVM start-up baseline).
 */
public final class PingProbe {
    private PingProbe() {
    }

    /** CPU time of the whole JVM so far (all threads: JIT and GC included), from /proc; -1 elsewhere. */
    static long processCpuMillis() {
        try {
            String stat = java.nio.file.Files.readString(Path.of("/proc/self/stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            // utime and stime are fields 14 and 15 of the whole line, in clock ticks (USER_HZ = 100)
            return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) * 10;
        } catch (java.io.IOException | RuntimeException e) {
            return -1;
        }
    }

    public static void main(String[] args) throws Exception {
        if (args[0].equals("noop")) {
            System.out.println("noop process_cpu_ms=" + processCpuMillis());
            return;
        }
        long t0 = System.nanoTime();
        EnvelopeType<ClientMessage> type = EnvelopeType.CLIENT; // protobuf runtime and envelope classes load here
        long t1 = System.nanoTime();
        CredentialSource credentials = CredentialSources.forCurrentUser(Path.of(args[2]), Path.of(args[3]),
                Clock.systemUTC());
        credentials.next(); // first signature: loads JCE and the HMAC provider
        long t2 = System.nanoTime();
        try (RpcClient<ClientMessage> client = RpcClient.connect(type,
                new InetSocketAddress(args[0], Integer.parseInt(args[1])), Duration.ofSeconds(10), credentials)) {
            Pong pong = client.call(Ping.getDefaultInstance(), Pong.class);
            long t3 = System.nanoTime();
            System.out.printf("pong %s envelope_classes_us=%d credential_us=%d connect_ping_us=%d process_cpu_ms=%d%n",
                    pong.getServerVersion(), (t1 - t0) / 1000, (t2 - t1) / 1000, (t3 - t2) / 1000, processCpuMillis());
        }
    }
}
