package io.jslurm.protocol.auth;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** This machine's short host name, read without a DNS lookup where possible (commands start fast). */
public final class LocalHost {
    private static final Path KERNEL_HOSTNAME = Path.of("/proc/sys/kernel/hostname");

    private LocalHost() {
    }

    public static String name() {
        try {
            String name = new String(Files.readAllBytes(KERNEL_HOSTNAME), StandardCharsets.UTF_8).trim();
            if (!name.isEmpty()) {
                return name;
            }
        } catch (IOException | SecurityException e) {
            // not Linux, or /proc hidden: fall back to the resolver
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "localhost";
        }
    }
}
