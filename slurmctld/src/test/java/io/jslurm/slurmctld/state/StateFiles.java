package io.jslurm.slurmctld.state;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** What a crash leaves behind: the state files as they are on disk right now, without the live lock. */
final class StateFiles {

    private StateFiles() {
    }

    static Path crashImage(Path live, Path into) {
        try (Stream<Path> files = Files.list(live)) {
            Files.createDirectories(into);
            for (Path file : files.toList()) {
                if (!file.getFileName().toString().endsWith(".lock")) {
                    Files.copy(file, into.resolve(file.getFileName()));
                }
            }
            return into;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<Path> named(Path dir, String prefix) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().startsWith(prefix)).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Path lastJournal(Path dir) {
        List<Path> journals = named(dir, "job_journal.");
        return journals.get(journals.size() - 1);
    }
}
