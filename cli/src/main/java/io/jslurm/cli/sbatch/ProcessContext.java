package io.jslurm.cli.sbatch;

import io.jslurm.cli.submit.SessionId;
import io.jslurm.cli.submit.SubmitContext;
import io.jslurm.cli.submit.Submitter;
import io.jslurm.cli.submit.SystemAccess;
import io.jslurm.protocol.auth.ProcessUser;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.InstantSource;
import java.time.ZoneId;
import java.util.OptionalInt;

/** The running process as a {@link SubmitContext}: its environment, directory, user and host. */
final class ProcessContext implements SystemAccess {

    private final Path workingDirectory;

    private ProcessContext(Path workingDirectory) {
        this.workingDirectory = workingDirectory;
    }

    static SubmitContext current(InstantSource clock, Path workingDirectory) {
        ProcessUser user = ProcessUser.current();
        Submitter submitter = new Submitter((int) user.uid(), (int) user.gid(), user.name(), hostName(),
                SessionId.current());
        return new SubmitContext(System.getenv(), workingDirectory.toString(), submitter, clock,
                new ProcessContext(workingDirectory));
    }

    @Override
    public ZoneId zone() {
        return ZoneId.systemDefault();
    }

    /** Through java.io rather than NIO channels, whose classes add to every call's start-up. */
    @Override
    public String readFile(String path) throws IOException {
        return new String(readBytes(workingDirectory.resolve(path)), StandardCharsets.UTF_8);
    }

    private static byte[] readBytes(Path file) throws IOException {
        try (InputStream in = new FileInputStream(file.toFile())) {
            return in.readAllBytes();
        }
    }

    @Override
    public String readStandardInput() throws IOException {
        return new String(System.in.readAllBytes(), StandardCharsets.UTF_8);
    }

    @Override
    public OptionalInt uidOf(String user) {
        return idFrom(Path.of("/etc/passwd"), user);
    }

    @Override
    public OptionalInt gidOf(String group) {
        return idFrom(Path.of("/etc/group"), group);
    }

    /** The third field of the colon-separated line whose first field is {@code name}. */
    private static OptionalInt idFrom(Path database, String name) {
        try {
            for (String line : Files.readAllLines(database)) {
                String[] fields = line.split(":", -1);
                if (fields.length > 2 && fields[0].equals(name)) {
                    return OptionalInt.of(Integer.parseInt(fields[2]));
                }
            }
        } catch (IOException | NumberFormatException unreadable) {
            return OptionalInt.empty();
        }
        return OptionalInt.empty();
    }

    /** The short host name; read from the kernel first because a name service lookup can take seconds. */
    private static String hostName() {
        try {
            String name = new String(readBytes(Path.of("/proc/sys/kernel/hostname")), StandardCharsets.UTF_8).strip();
            if (!name.isEmpty()) {
                return shortName(name);
            }
        } catch (IOException notLinux) {
            // fall through to the name service
        }
        try {
            return shortName(InetAddress.getLocalHost().getHostName());
        } catch (IOException unknown) {
            return "localhost";
        }
    }

    private static String shortName(String host) {
        int dot = host.indexOf('.');
        return dot > 0 ? host.substring(0, dot) : host;
    }
}
