package io.jslurm.slurmctld.state;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** What a crash leaves behind: the state files as they are on disk right now, without the live lock. */
final class StateFiles {

    private StateFiles() {
    }

    /**
     * Copies the files as listed; a background snapshot may delete a listed file before it is copied, and then
     * the copy is taken again from a fresh listing (a crash leaves one consistent directory, not a mix).
     */
    static Path crashImage(Path live, Path into) {
        for (int attempt = 1; ; attempt++) {
            try {
                return copyOnce(live, into);
            } catch (NoSuchFileException gone) {
                if (attempt == 50) {
                    throw new UncheckedIOException(gone);
                }
                clear(into);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private static Path copyOnce(Path live, Path into) throws IOException {
        try (Stream<Path> files = Files.list(live)) {
            Files.createDirectories(into);
            for (Path file : files.toList()) {
                if (!file.getFileName().toString().endsWith(".lock")) {
                    Files.copy(file, into.resolve(file.getFileName()));
                }
            }
            return into;
        }
    }

    private static void clear(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.toList()) {
                Files.delete(file);
            }
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
