package io.jslurm.slurmd.launch;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Copies one of slurmd's helper scripts from its jar into SlurmdSpoolDir, readable by root only, so that what runs
 * never depends on the daemon's jar (which an upgrade may replace under running jobs).
 */
final class SpoolScript {
    private SpoolScript() {
    }

    /** Writes the resource next to its final name and renames it, so no launch ever reads half a script. */
    static Path install(Path spoolDir, String resource) throws IOException {
        Path target = spoolDir.resolve(resource);
        Path tmp = spoolDir.resolve(resource + ".new");
        try (InputStream in = SpoolScript.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("resource " + resource + " is missing");
            }
            Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
        }
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwx------"));
        Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return target;
    }
}
