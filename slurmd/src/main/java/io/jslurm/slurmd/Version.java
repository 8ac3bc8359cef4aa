package io.jslurm.slurmd;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * The line {@code slurmd -V} prints: {@code slurm-compatible jslurm <version>}. It names jslurm
 * rather than pretending to be a Slurm release, and keeps the word "slurm" first so that scripts
 * that only look for it still find it.
 */
public final class Version {
    private Version() {
    }

    public static String number() {
        try (InputStream in = Version.class.getResourceAsStream("version.properties")) {
            if (in == null) {
                return "unknown";
            }
            Properties properties = new Properties();
            properties.load(in);
            return properties.getProperty("version", "unknown");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static String line() {
        return "slurm-compatible jslurm " + number();
    }
}
