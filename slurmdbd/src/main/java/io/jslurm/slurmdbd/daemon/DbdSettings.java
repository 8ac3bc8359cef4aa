package io.jslurm.slurmdbd.daemon;

import io.jslurm.conf.dbd.SlurmdbdConfig;
import io.jslurm.slurmdbd.storage.StorageSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What the slurmdbd daemon runs with, from slurmdbd.conf: where it listens, who SlurmUser is, the
 * key that checks credentials and the database settings.
 *
 * <p>The embedded MariaDB keeps its data in {@code JSLURM_DBD_DATA}, else {@value #DEFAULT_DATA_DIR}:
 * a directory of its own that survives restarts (never under /tmp).
 */
public record DbdSettings(String listenHost, int port, String slurmUser, Path keyFile, StorageSettings storage) {

    public static final String DEFAULT_CONF_DIR = "/etc/slurm";
    public static final String DEFAULT_DATA_DIR = "/var/lib/slurmdbd";

    public DbdSettings {
        Objects.requireNonNull(listenHost, "listenHost");
        Objects.requireNonNull(slurmUser, "slurmUser");
        Objects.requireNonNull(keyFile, "keyFile");
        Objects.requireNonNull(storage, "storage");
    }

    /** slurmdbd.conf next to slurm.conf: in SLURM_CONF's directory, else /etc/slurm. */
    public static Path confFile(Map<String, String> environment) {
        String slurmConf = environment.get("SLURM_CONF");
        Path dir = slurmConf == null ? Path.of(DEFAULT_CONF_DIR) : Path.of(slurmConf).toAbsolutePath().getParent();
        return dir.resolve("slurmdbd.conf");
    }

    public static DbdSettings of(SlurmdbdConfig conf, Path confFile, Map<String, String> environment) {
        Optional<String> storageHost = storageHostSet(confFile) ? Optional.of(conf.storageHost()) : Optional.empty();
        Path dataDir = Path.of(environment.getOrDefault("JSLURM_DBD_DATA", DEFAULT_DATA_DIR));
        String user = conf.storageUser().isBlank() ? "root" : conf.storageUser();
        StorageSettings storage = new StorageSettings(storageHost, conf.storagePort(), user, conf.storagePass(),
                conf.storageLoc(), dataDir);
        return new DbdSettings(conf.dbdAddr().orElse(conf.dbdHost().equals("localhost") ? "127.0.0.1" : "0.0.0.0"),
                conf.dbdPort(), conf.slurmUser(), confFile.toAbsolutePath().getParent().resolve("slurm.key"), storage);
    }

    /**
     * Whether the file names a StorageHost at all: the parsed configuration fills in "localhost" when
     * it does not, and only an absent StorageHost means "run the embedded server".
     */
    static boolean storageHostSet(Path confFile) {
        try {
            for (String line : Files.readAllLines(confFile)) {
                String text = line.strip().toLowerCase(Locale.ROOT);
                if (text.startsWith("storagehost") && text.substring("storagehost".length()).strip().startsWith("=")) {
                    return true;
                }
            }
            return false;
        } catch (IOException unreadable) {
            throw new UncheckedIOException(unreadable);
        }
    }
}
