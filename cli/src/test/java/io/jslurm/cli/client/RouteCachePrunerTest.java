package io.jslurm.cli.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The route cache's folder stays bounded: old, unused and surplus entries go, the one just written stays. */
class RouteCachePrunerTest {

    private static final Instant NOW = Instant.parse("2026-11-30T12:00:00Z");

    @TempDir
    Path dir;

    /** A file in the cache folder last modified {@code modifiedAgo} and last read {@code readAgo} before NOW. */
    private Path file(String name, Duration modifiedAgo, Duration readAgo) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, "jslurm-route 1\n");
        Files.getFileAttributeView(file, BasicFileAttributeView.class).setTimes(
                FileTime.from(NOW.minus(modifiedAgo)), FileTime.from(NOW.minus(readAgo)), null);
        return file;
    }

    private List<String> names() throws IOException {
        try (var files = Files.list(dir)) {
            return files.map(file -> file.getFileName().toString()).sorted().toList();
        }
    }

    private void prune(RouteCachePruner pruner, Path keep) {
        pruner.prune(dir.toFile(), keep.toFile(), NOW.toEpochMilli());
    }

    @Test
    void entriesUnusedForLongerThanTheMaximumAgeAreDropped() throws IOException {
        Path fresh = file("1.route", Duration.ZERO, Duration.ZERO);
        file("2.route", Duration.ofDays(31), Duration.ofDays(31));
        file("3.route", Duration.ofDays(29), Duration.ofDays(29));

        prune(RouteCachePruner.standard(), fresh);

        assertThat(names()).containsExactly("1.route", "3.route");
    }

    @Test
    void anEntryReadRecentlyCountsAsUsedThoughWrittenLongAgo() throws IOException {
        Path fresh = file("1.route", Duration.ZERO, Duration.ZERO);
        file("2.route", Duration.ofDays(90), Duration.ofDays(2));

        prune(RouteCachePruner.standard(), fresh);

        assertThat(names()).containsExactly("1.route", "2.route");
    }

    @Test
    void onlyTheMostRecentlyUsedEntriesAreKeptAndTheNewOneAlways() throws IOException {
        // The entry just written is dated oldest of all (its slurm.conf's clock, a copied folder): it still stays.
        Path written = file("0.route", Duration.ofDays(20), Duration.ofDays(20));
        for (int i = 1; i <= 6; i++) {
            file(i + ".route", Duration.ofHours(i), Duration.ofHours(i));
        }

        prune(new RouteCachePruner(RouteCachePruner.MAX_AGE_MILLIS, 4), written);

        assertThat(names()).containsExactly("0.route", "1.route", "2.route", "3.route");
    }

    @Test
    void theStandardBoundHoldsSixtyFourEntries() throws IOException {
        Path written = file("new.route", Duration.ZERO, Duration.ZERO);
        for (int i = 0; i < 100; i++) {
            file(Integer.toHexString(i) + ".route", Duration.ofMinutes(i + 1), Duration.ofMinutes(i + 1));
        }

        prune(RouteCachePruner.standard(), written);

        assertThat(names()).hasSize(RouteCachePruner.MAX_ENTRIES).contains("new.route", "0.route", "3e.route")
                .doesNotContain("3f.route", "63.route");
    }

    @Test
    void abandonedTemporaryFilesGoAndOtherFilesAreLeftAlone() throws IOException {
        Path written = file("1.route", Duration.ZERO, Duration.ZERO);
        file("1.route.3fa9c2", Duration.ofHours(2), Duration.ofHours(2));
        file("2.route.77", Duration.ofMinutes(1), Duration.ofMinutes(1));
        file("notes.txt", Duration.ofDays(400), Duration.ofDays(400));
        file("3.route.old", Duration.ofDays(400), Duration.ofDays(400));
        Files.createDirectory(dir.resolve("4.route"));

        prune(new RouteCachePruner(RouteCachePruner.MAX_AGE_MILLIS, 1), written);

        assertThat(names()).containsExactly("1.route", "2.route.77", "3.route.old", "4.route", "notes.txt");
    }

    @Test
    void aMissingFolderIsNoError() {
        File missing = dir.resolve("gone").toFile();
        RouteCachePruner.standard().prune(missing, new File(missing, "1.route"), NOW.toEpochMilli());
        assertThat(missing).doesNotExist();
    }

    @Test
    void temporaryNamesAreTheWritersOnly() {
        assertThat(RouteCachePruner.isTemporary("84f7b611.route.1c2d3e4f5a6b7c8d")).isTrue();
        assertThat(RouteCachePruner.isTemporary("84f7b611.route")).isFalse();
        assertThat(RouteCachePruner.isTemporary("84f7b611.route.")).isFalse();
        assertThat(RouteCachePruner.isTemporary("84f7b611.route.bak")).isFalse();
        assertThat(RouteCachePruner.isTemporary(".route.12")).isFalse();
    }
}
