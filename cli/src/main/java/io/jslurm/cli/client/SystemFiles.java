package io.jslurm.cli.client;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The local user and group databases as lines; a file that cannot be read names nobody. */
public final class SystemFiles {

    private SystemFiles() {
    }

    public static List<String> passwd() {
        return lines(Path.of("/etc/passwd"));
    }

    public static List<String> group() {
        return lines(Path.of("/etc/group"));
    }

    private static List<String> lines(Path file) {
        try {
            return Files.readAllLines(file);
        } catch (IOException unreadable) {
            return List.of();
        }
    }
}
