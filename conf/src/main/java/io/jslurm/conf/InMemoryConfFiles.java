package io.jslurm.conf;

import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Configuration files held in memory, keyed by normalized path; for tests and generated configurations. */
public final class InMemoryConfFiles implements ConfFiles {

    private final Map<Path, String> files = new LinkedHashMap<>();

    public InMemoryConfFiles with(String path, String text) {
        files.put(Path.of(path).normalize(), text);
        return this;
    }

    @Override
    public Optional<String> read(Path path) {
        return Optional.ofNullable(files.get(path.normalize()));
    }

    @Override
    public List<Path> glob(Path pattern) {
        Path normalized = pattern.normalize();
        PathMatcher matcher = FileSystems.getDefault().getPathMatcher("glob:" + normalized);
        return files.keySet().stream().filter(matcher::matches).sorted().toList();
    }
}
