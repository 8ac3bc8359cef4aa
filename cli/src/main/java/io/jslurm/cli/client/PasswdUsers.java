package io.jslurm.cli.client;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The users of a passwd-format file (as sbatch's {@code --uid} reads them), read at each question: commands ask
 * at most a few. A record, not a lambda: linking one costs every command's start-up (see CommandEnvironment).
 */
public record PasswdUsers(Path file) implements UserDirectory {

    @Override
    public boolean knows(String user) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException unreadable) {
            return false;
        }
        for (String line : lines) {
            String[] fields = line.split(":", -1);
            if (fields.length > 2 && (fields[0].equals(user) || fields[2].equals(user))) {
                return true;
            }
        }
        return false;
    }
}
