package io.jslurm.slurmctld.resv;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code resv_state} in StateSaveLocation: a version line, the next generated name's number, then one line per
 * reservation ({@code name TAB start TAB end TAB nodes TAB partition TAB users TAB accounts TAB flags}, lists
 * comma-separated, times in epoch seconds). Written whole to a temporary file, synced and renamed on every change,
 * so a crash leaves the old file or the new one.
 */
public final class ReservationFile {

    private static final Logger log = LoggerFactory.getLogger(ReservationFile.class);
    private static final String HEADER = "jslurm resv_state 1";

    private final Path file;

    /** What the file holds. */
    public record Saved(List<Reservation> reservations, long nextNumber) {
    }

    public ReservationFile(Path stateSaveLocation) {
        this.file = stateSaveLocation.resolve("resv_state");
    }

    public Saved load() {
        if (!Files.exists(file)) {
            return new Saved(List.of(), 1);
        }
        try {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            if (lines.size() < 2 || !lines.get(0).equals(HEADER) || !lines.get(1).startsWith("next\t")) {
                log.warn("Ignoring {}: unknown format", file);
                return new Saved(List.of(), 1);
            }
            long next = Long.parseLong(lines.get(1).substring(5));
            List<Reservation> loaded = new ArrayList<>();
            for (String line : lines.subList(2, lines.size())) {
                String[] f = line.split("\t", -1);
                if (f.length != 8) {
                    log.warn("Ignoring a damaged line of {}: {}", file, line);
                    continue;
                }
                loaded.add(new Reservation(f[0], Instant.ofEpochSecond(Long.parseLong(f[1])),
                        Instant.ofEpochSecond(Long.parseLong(f[2])), list(f[3]), f[4], list(f[5]), list(f[6]),
                        flags(f[7])));
            }
            log.info("Recovered {} reservations from {}", loaded.size(), file);
            return new Saved(loaded, next);
        } catch (IOException | IllegalArgumentException e) {
            log.warn("Ignoring {}: {}", file, e.getMessage());
            return new Saved(List.of(), 1);
        }
    }

    public void save(Saved state) {
        StringBuilder out = new StringBuilder(HEADER).append('\n').append("next\t").append(state.nextNumber())
                .append('\n');
        for (Reservation r : state.reservations()) {
            out.append(r.name()).append('\t').append(r.start().getEpochSecond()).append('\t')
                    .append(r.end().getEpochSecond()).append('\t').append(String.join(",", r.nodes())).append('\t')
                    .append(r.partition()).append('\t').append(String.join(",", r.users())).append('\t')
                    .append(String.join(",", r.accounts())).append('\t')
                    .append(String.join(",", r.flags().stream().map(Enum::name).sorted().toList())).append('\n');
        }
        Path temp = file.resolveSibling("resv_state.new");
        try {
            Files.writeString(temp, out, StandardCharsets.UTF_8);
            try (var channel = java.nio.channels.FileChannel.open(temp, java.nio.file.StandardOpenOption.WRITE)) {
                channel.force(true);
            }
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot save reservations to " + file, e);
        }
    }

    private static List<String> list(String field) {
        return field.isEmpty() ? List.of() : Arrays.asList(field.split(","));
    }

    private static Set<ResvFlag> flags(String field) {
        Set<ResvFlag> flags = EnumSet.noneOf(ResvFlag.class);
        for (String name : list(field)) {
            flags.add(ResvFlag.valueOf(name));
        }
        return flags;
    }
}
