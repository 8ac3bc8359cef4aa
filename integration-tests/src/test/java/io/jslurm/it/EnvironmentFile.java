package io.jslurm.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** A job's output of {@code env}: NAME=value lines read back into a map (other lines are skipped). */
final class EnvironmentFile {

    private EnvironmentFile() {
    }

    static Map<String, String> read(Path file) throws IOException {
        Map<String, String> env = new LinkedHashMap<>();
        for (String line : Files.readAllLines(file)) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                env.put(line.substring(0, eq), line.substring(eq + 1));
            }
        }
        return env;
    }
}
