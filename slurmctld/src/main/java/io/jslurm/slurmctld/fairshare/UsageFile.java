package io.jslurm.slurmctld.fairshare;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The usage ledger under StateSaveLocation ({@code assoc_usage}), as text: a header naming the version, the update
 * and reset times, one tab-separated line per association, then (from v2) one line per user association, QOS and
 * TRES with its TRES-seconds and one with its wall seconds. A v1 file (written before TRES usage was saved) reads
 * as having no TRES usage. Written to a temporary file, synced and renamed, so a crash leaves the old file or the
 * new one.
 */
public final class UsageFile {

    static final String HEADER = "# jslurm association usage v2";
    /** The format before TRES usage was saved: the same lines without {@code tres} and {@code wall}. */
    static final String HEADER_V1 = "# jslurm association usage v1";

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
        if (lines.isEmpty() || !(lines.get(0).equals(HEADER) || lines.get(0).equals(HEADER_V1))) {
            throw new IOException(path + ": not a usage file (first line must be '" + HEADER + "')");
        }
        Instant update = Instant.EPOCH;
        Instant reset = Instant.EPOCH;
        Map<AssocKey, Double> usage = new HashMap<>();
        Map<TresUsageLedger.Key, Map<String, Double>> tresSeconds = new HashMap<>();
        Map<TresUsageLedger.Key, Double> wallSeconds = new HashMap<>();
        for (int i = 1; i < lines.size(); i++) {
            String[] f = lines.get(i).split("\t", -1);
            try {
                switch (f[0]) {
                    case "update" -> update = Instant.ofEpochMilli(Long.parseLong(f[1]));
                    case "reset" -> reset = Instant.ofEpochMilli(Long.parseLong(f[1]));
                    case "usage" -> usage.put(new AssocKey(f[1], f[2]), Double.parseDouble(f[3]));
                    case "tres" -> tresSeconds.computeIfAbsent(new TresUsageLedger.Key(f[1], f[2], f[3]),
                            key -> new HashMap<>()).put(f[4], Double.parseDouble(f[5]));
                    case "wall" -> wallSeconds.put(new TresUsageLedger.Key(f[1], f[2], f[3]),
                            Double.parseDouble(f[4]));
                    default -> throw new IOException(path + ":" + (i + 1) + ": unknown record '" + f[0] + "'");
                }
            } catch (ArrayIndexOutOfBoundsException | NumberFormatException bad) {
                throw new IOException(path + ":" + (i + 1) + ": malformed line: " + lines.get(i), bad);
            }
        }
        Map<TresUsageLedger.Key, TresUsageLedger.Used> tres = new HashMap<>();
        tresSeconds.forEach((key, seconds) -> tres.put(key, new TresUsageLedger.Used(seconds, 0)));
        wallSeconds.forEach((key, seconds) -> tres.merge(key, new TresUsageLedger.Used(Map.of(), seconds),
                TresUsageLedger.Used::plus));
        return new UsageLedger(usage, new TresUsageLedger(tres), update, reset);
    }

    public void write(UsageLedger ledger) throws IOException {
        StringBuilder text = new StringBuilder(HEADER).append('\n');
        text.append("update\t").append(ledger.lastUpdate().toEpochMilli()).append('\n');
        text.append("reset\t").append(ledger.lastReset().toEpochMilli()).append('\n');
        ledger.usage().entrySet().stream()
                .sorted(Map.Entry.comparingByKey(
                        Comparator.comparing(AssocKey::account).thenComparing(AssocKey::user)))
                .forEach(e -> text.append("usage\t").append(e.getKey().account()).append('\t')
                        .append(e.getKey().user()).append('\t').append(e.getValue()).append('\n'));
        ledger.tres().usage().entrySet().stream()
                .sorted(Map.Entry.comparingByKey(Comparator.comparing(TresUsageLedger.Key::account)
                        .thenComparing(TresUsageLedger.Key::user).thenComparing(TresUsageLedger.Key::qos)))
                .forEach(e -> {
                    String key = e.getKey().account() + '\t' + e.getKey().user() + '\t' + e.getKey().qos();
                    new TreeMap<>(e.getValue().tresSeconds()).forEach((tres, seconds) -> text.append("tres\t")
                            .append(key).append('\t').append(tres).append('\t').append(seconds).append('\n'));
                    text.append("wall\t").append(key).append('\t').append(e.getValue().wallSeconds()).append('\n');
                });
        Path temp = path.resolveSibling(path.getFileName() + ".new");
        Files.writeString(temp, text, StandardCharsets.UTF_8);
        try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
            channel.force(true);
        }
        Files.move(temp, path, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
