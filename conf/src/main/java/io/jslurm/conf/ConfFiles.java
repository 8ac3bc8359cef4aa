package io.jslurm.conf;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The only place configuration parsing touches storage, so that everything else is pure and tests
 * can hand in files held in memory.
 */
public interface ConfFiles {

    /** The file's text, or empty when there is no such file. */
    Optional<String> read(Path path);

    /** Files whose full path matches a glob pattern ({@code *}, {@code ?}, {@code [..]}) in its last part, sorted. */
    List<Path> glob(Path pattern);
}
