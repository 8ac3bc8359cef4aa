package io.jslurm.conf;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Reads configuration from the local file system. */
public final class FileSystemConfFiles implements ConfFiles {

    @Override
    public Optional<String> read(Path path) {
        if (!Files.isRegularFile(path)) {
            return Optional.empty();
        }
        try {
            return Optional.of(Files.readString(path, StandardCharsets.UTF_8));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path, e);
        }
    }

    @Override
    public List<Path> glob(Path pattern) {
        Path dir = pattern.getParent() == null ? Path.of(".") : pattern.getParent();
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        List<Path> matches = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, pattern.getFileName().toString())) {
            for (Path entry : entries) {
                if (Files.isRegularFile(entry)) {
                    matches.add(entry);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
        matches.sort(null);
        return List.copyOf(matches);
    }
}
