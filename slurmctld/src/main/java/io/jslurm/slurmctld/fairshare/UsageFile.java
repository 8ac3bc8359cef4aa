package io.jslurm.slurmctld.fairshare;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The usage ledger under StateSaveLocation ({@code assoc_usage}), as text: a header, the update and reset times,
 * then one tab-separated line per association. Written to a temporary file, synced and renamed, so a crash leaves
 * the old file or the new one.
 */
public final class UsageFile {

    static final String HEADER = "# jslurm association usage v1";

    private final Path path;

    public UsageFile(Path stateSaveLocation) {
        this.path = stateSaveLocation.resolve("assoc_usage");
    }

    public Path path() {
        return path;
    }

    /** The saved ledger; an empty one when there is no file yet. */
    public UsageLedger read() throws IOException {
        if (!Files.exists(path)) {
            return UsageLedger.empty();
        }
        List<String> lines = Files.readAllLines(path, StandardCharsets.UTF_8);
        if (lines.isEmpty() || !lines.get(0).equals(HEADER)) {
            throw new IOException(path + ": not a usage file (first line must be '" + HEADER + "')");
        }
        Instant update = Instant.EPOCH;
        Instant reset = Instant.EPOCH;
        Map<AssocKey, Double> usage = new HashMap<>();
        for (int i = 1; i < lines.size(); i++) {
            String[] f = lines.get(i).split("\t", -1);
            try {
                switch (f[0]) {
                    case "update" -> update = Instant.ofEpochMilli(Long.parseLong(f[1]));
                    case "reset" -> reset = Instant.ofEpochMilli(Long.parseLong(f[1]));
                    case "usage" -> usage.put(new AssocKey(f[1], f[2]), Double.parseDouble(f[3]));
                    default -> throw new IOException(path + ":" + (i + 1) + ": unknown record '" + f[0] + "'");
                }
            } catch (ArrayIndexOutOfBoundsException | NumberFormatException bad) {
                throw new IOException(path + ":" + (i + 1) + ": malformed line: " + lines.get(i), bad);
            }
        }
        return new UsageLedger(usage, update, reset);
    }

    public void write(UsageLedger ledger) throws IOException {
        StringBuilder text = new StringBuilder(HEADER).append('\n');
        text.append("update\t").append(ledger.lastUpdate().toEpochMilli()).append('\n');
        text.append("reset\t").append(ledger.lastReset().toEpochMilli()).append('\n');
        ledger.usage().entrySet().stream()
                .sorted(Map.Entry.comparingByKey(
                        java.util.Comparator.comparing(AssocKey::account).thenComparing(AssocKey::user)))
                .forEach(e -> text.append("usage\t").append(e.getKey().account()).append('\t')
                        .append(e.getKey().user()).append('\t').append(e.getValue()).append('\n'));
        Path temp = path.resolveSibling(path.getFileName() + ".new");
        Files.writeString(temp, text, StandardCharsets.UTF_8);
        try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
            channel.force(true);
        }
        Files.move(temp, path, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
