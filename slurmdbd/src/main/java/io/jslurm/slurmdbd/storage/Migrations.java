package io.jslurm.slurmdbd.storage;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Loads the ordered migration scripts from the class path. A folder holds the scripts and an
 * {@code index.txt} naming them, one a line, because a folder inside a jar cannot be listed portably.
 */
public final class Migrations {

    /** Where slurmdbd's own schema lives. */
    public static final String ACCOUNTING = "db/migration";

    private Migrations() {
    }

    public static List<Migration> load(String folder) {
        List<Migration> migrations = new ArrayList<>();
        for (String line : read(folder + "/index.txt").split("\n")) {
            String script = line.strip();
            if (!script.isEmpty() && !script.startsWith("#")) {
                migrations.add(Migration.of(script, read(folder + "/" + script)));
            }
        }
        for (int i = 0; i < migrations.size(); i++) {
            if (migrations.get(i).version() != i + 1) {
                throw new IllegalStateException("migrations in " + folder + " must be numbered 1, 2, 3... in order; found "
                        + migrations.get(i).script() + " at position " + (i + 1));
            }
        }
        return List.copyOf(migrations);
    }

    private static String read(String resource) {
        try (InputStream in = Migrations.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing class path resource " + resource);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
