package io.jslurm.conf.parse;

import io.jslurm.conf.ConfFiles;
import io.jslurm.conf.Diagnostics;
import io.jslurm.conf.Location;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Reads a configuration file and, in place of each {@code Include} line, the lines of the files it
 * names. Relative names are taken from the including file's directory; a glob in the last part of the
 * name includes every match in name order.
 */
public final class IncludeReader {

    /** Deep enough for any real layout, shallow enough to stop a file that includes itself. */
    public static final int MAX_DEPTH = 16;

    private final ConfFiles files;

    public IncludeReader(ConfFiles files) {
        this.files = Objects.requireNonNull(files, "files");
    }

    /** The file's lines with includes expanded, or empty (with an error) when the file itself is missing. */
    public Optional<List<ConfLine>> read(Path file, Diagnostics diagnostics) {
        Optional<List<ConfLine>> lines = readIfPresent(file, diagnostics);
        if (lines.isEmpty()) {
            diagnostics.error(new Location(file.toString(), 0), "file does not exist or cannot be read");
        }
        return lines;
    }

    /** As {@link #read}, for a file that may be left out: empty, without an error, when it is missing. */
    public Optional<List<ConfLine>> readIfPresent(Path file, Diagnostics diagnostics) {
        return files.read(file).map(text -> {
            List<ConfLine> out = new ArrayList<>();
            expand(file, text, 0, out, diagnostics);
            return out;
        });
    }

    private void expand(Path file, String text, int depth, List<ConfLine> out, Diagnostics diagnostics) {
        for (ConfLine line : ConfLexer.lex(file.toString(), text, diagnostics)) {
            if (!line.startsWith(ConfLexer.INCLUDE)) {
                out.add(line);
                continue;
            }
            String target = line.first().value();
            if (target.isEmpty()) {
                diagnostics.error(line.location(), "Include needs a file name");
                continue;
            }
            if (depth + 1 > MAX_DEPTH) {
                diagnostics.error(line.location(), "Include nested more than " + MAX_DEPTH
                        + " levels deep (does a file include itself?)");
                continue;
            }
            Path resolved = resolve(file, target);
            if (isGlob(resolved.getFileName().toString())) {
                List<Path> matches = files.glob(resolved);
                if (matches.isEmpty()) {
                    diagnostics.warning(line.location(), "Include pattern '" + resolved + "' matches no file");
                }
                for (Path match : matches) {
                    expand(match, files.read(match).orElse(""), depth + 1, out, diagnostics);
                }
            } else {
                Optional<String> included = files.read(resolved);
                if (included.isEmpty()) {
                    diagnostics.error(line.location(), "included file '" + resolved + "' does not exist");
                } else {
                    expand(resolved, included.get(), depth + 1, out, diagnostics);
                }
            }
        }
    }

    private static Path resolve(Path including, String target) {
        Path path = Path.of(target);
        if (path.isAbsolute()) {
            return path.normalize();
        }
        Path dir = including.getParent();
        return dir == null ? path.normalize() : dir.resolve(path).normalize();
    }

    private static boolean isGlob(String name) {
        return name.indexOf('*') >= 0 || name.indexOf('?') >= 0 || name.indexOf('[') >= 0;
    }
}
