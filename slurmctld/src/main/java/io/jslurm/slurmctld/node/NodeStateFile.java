package io.jslurm.slurmctld.node;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code node_state} in StateSaveLocation: one line per node, {@code name TAB base TAB drain TAB reasonTime TAB
 * reasonUid TAB reason}, replaced atomically on every change. Version line first so the format can evolve.
 */
public final class NodeStateFile {

    private static final Logger log = LoggerFactory.getLogger(NodeStateFile.class);
    private static final String HEADER = "jslurm node_state 1";

    private final Path file;

    /** What a node's saved line says. */
    public record Saved(NodeBaseState base, boolean drain, String reason, long reasonTime, long reasonUid) {
    }

    public NodeStateFile(Path stateSaveLocation) {
        this.file = stateSaveLocation.resolve("node_state");
    }

    Map<String, Saved> load() {
        Map<String, Saved> saved = new HashMap<>();
        if (file == null || !Files.exists(file)) {
            return saved;
        }
        try {
            var lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            if (lines.isEmpty() || !lines.get(0).equals(HEADER)) {
                log.warn("Ignoring {}: unknown format", file);
                return saved;
            }
            for (String line : lines.subList(1, lines.size())) {
                String[] f = line.split("\t", 6);
                if (f.length == 6) {
                    saved.put(f[0], new Saved(NodeBaseState.valueOf(f[1]), Boolean.parseBoolean(f[2]), f[5],
                            Long.parseLong(f[3]), Long.parseLong(f[4])));
                }
            }
            log.info("Recovered the state of {} nodes from {}", saved.size(), file);
        } catch (IOException | IllegalArgumentException e) {
            log.warn("Ignoring {}: {}", file, e.getMessage());
        }
        return saved;
    }

    void save(Collection<NodeView> nodes) {
        if (file == null) {
            return;
        }
        StringBuilder out = new StringBuilder(HEADER).append('\n');
        for (NodeView n : nodes) {
            out.append(n.name()).append('\t').append(n.base()).append('\t').append(n.drain()).append('\t')
                    .append(n.reasonTime()).append('\t').append(n.reasonUid()).append('\t')
                    .append(n.reason().replace('\n', ' ').replace('\t', ' ')).append('\n');
        }
        Path temp = file.resolveSibling("node_state.new");
        try {
            Files.writeString(temp, out, StandardCharsets.UTF_8);
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot save node state to " + file, e);
        }
    }
}
