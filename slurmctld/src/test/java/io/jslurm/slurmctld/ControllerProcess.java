package io.jslurm.slurmctld;

import io.jslurm.protocol.auth.CredentialSource;
import io.jslurm.protocol.auth.SlurmCredentialSigner;
import io.jslurm.protocol.auth.SlurmKey;
import io.jslurm.protocol.client.RpcClient;
import io.jslurm.protocol.proto.ClientMessage;
import io.jslurm.protocol.proto.Ping;
import io.jslurm.protocol.wire.EnvelopeType;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.InstantSource;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** slurmctld as its own JVM, started with {@code -D -f slurm.conf} the way an operator would. */
public final class ControllerProcess implements AutoCloseable {

    public final Path dir;
    public final int port;
    public final SlurmKey key;
    private Process process;

    /** Writes slurm.conf (with a free port) and slurm.key into {@code dir}. */
    public ControllerProcess(Path dir, String nodesAndPartitions) throws IOException {
        this.dir = dir;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            this.port = probe.getLocalPort();
        }
        Files.writeString(dir.resolve("slurm.conf"), """
                ClusterName=restart
                SlurmctldHost=localhost
                AuthType=auth/slurm
                AuthInfo=socket=%s
                SlurmctldPort=%d
                StateSaveLocation=%s
                SlurmctldPidFile=%s
                SlurmctldLogFile=%s
                SlurmdTimeout=300
                MaxJobCount=1000000
                MinJobAge=86400
                """.formatted(dir.resolve("credential.socket"), port, dir.resolve("state"),
                dir.resolve("slurmctld.pid"), dir.resolve("slurmctld.log"))
                + nodesAndPartitions);
        Path keyFile = dir.resolve("slurm.key");
        if (!Files.exists(keyFile)) {
            byte[] bytes = new byte[64];
            new SecureRandom().nextBytes(bytes);
            Files.createFile(keyFile, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.write(keyFile, bytes);
        }
        this.key = SlurmKey.load(keyFile);
    }

    public void start(String... jvmOptions) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new java.util.ArrayList<>(List.of(java));
        command.addAll(List.of(jvmOptions));
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), SlurmctldMain.class.getName(), "-f",
                dir.resolve("slurm.conf").toString()));
        process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(dir.resolve("stdout.log").toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("slurmctld exited with " + process.exitValue() + ": "
                        + Files.readString(dir.resolve("stdout.log")));
            }
            try (RpcClient<ClientMessage> client = client(0)) {
                client.call(Ping.getDefaultInstance());
                return;
            } catch (IOException | io.jslurm.protocol.RpcException e) {
                Thread.sleep(50);
            }
        }
        throw new IllegalStateException("slurmctld did not answer within 30 s");
    }

    public RpcClient<ClientMessage> client(long uid) throws IOException {
        return RpcClient.connect(EnvelopeType.CLIENT, address(), Duration.ofSeconds(30), credentials(uid));
    }

    /** Credentials signed with this controller's key, as a command run by {@code uid} would send. */
    public CredentialSource credentials(long uid) {
        return new SlurmCredentialSigner(key, InstantSource.system()).sourceFor(uid, uid == 0 ? 0 : 100, "login1");
    }

    public InetSocketAddress address() {
        return new InetSocketAddress(InetAddress.getLoopbackAddress(), port);
    }

    public long pid() {
        return process.pid();
    }

    /** SIGKILL: no shutdown hook, no snapshot. */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    /** SIGTERM: a clean shutdown; returns the exit status. */
    public int terminate() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
        return process.exitValue();
    }

    @Override
    public void close() throws InterruptedException {
        if (process != null && process.isAlive()) {
            kill();
        }
    }
}
