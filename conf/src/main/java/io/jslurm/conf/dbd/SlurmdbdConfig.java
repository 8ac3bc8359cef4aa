package io.jslurm.conf.dbd;

import io.jslurm.conf.Diagnostics;
import io.jslurm.conf.Location;
import io.jslurm.conf.parse.ConfLine;
import io.jslurm.conf.parse.KeyValues;
import io.jslurm.conf.slurm.AuthPlugin;
import io.jslurm.conf.slurm.DebugLevel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What slurmdbd.conf tells slurmdbd: where it listens, the database it keeps accounting in, and when
 * old records are purged.
 *
 * @param dbdAddr where to listen when different from {@code dbdHost}
 */
public record SlurmdbdConfig(AuthPlugin authType, String dbdHost, Optional<String> dbdAddr,
                             Optional<String> dbdBackupHost, int dbdPort, String slurmUser, String storageType,
                             String storageHost, int storagePort, String storageUser, String storagePass,
                             String storageLoc, PurgeSettings purge, Optional<Path> logFile, Path pidFile,
                             DebugLevel debugLevel, Duration messageTimeout) {

    public SlurmdbdConfig {
        Objects.requireNonNull(authType, "authType");
        Objects.requireNonNull(dbdHost, "dbdHost");
        Objects.requireNonNull(dbdAddr, "dbdAddr");
        Objects.requireNonNull(dbdBackupHost, "dbdBackupHost");
        Objects.requireNonNull(slurmUser, "slurmUser");
        Objects.requireNonNull(storageType, "storageType");
        Objects.requireNonNull(storageHost, "storageHost");
        Objects.requireNonNull(storageUser, "storageUser");
        Objects.requireNonNull(storagePass, "storagePass");
        Objects.requireNonNull(storageLoc, "storageLoc");
        Objects.requireNonNull(purge, "purge");
        Objects.requireNonNull(logFile, "logFile");
        Objects.requireNonNull(pidFile, "pidFile");
        Objects.requireNonNull(debugLevel, "debugLevel");
        Objects.requireNonNull(messageTimeout, "messageTimeout");
    }

    /** Leaves the password out, so that logging the configuration does not leak it. */
    @Override
    public String toString() {
        return "SlurmdbdConfig[dbdHost=" + dbdHost + ", dbdPort=" + dbdPort + ", storageType=" + storageType
                + ", storageHost=" + storageHost + ", storagePort=" + storagePort + ", storageUser=" + storageUser
                + ", storageLoc=" + storageLoc + "]";
    }

    public static SlurmdbdConfig parse(List<ConfLine> lines, Location fileStart, Diagnostics diagnostics) {
        KeyValues values = KeyValues.of(SlurmdbdConfKeys.KEYS, ConfLine.allPairs(lines), Set.of(), diagnostics, fileStart);
        if (!values.isSet("DbdHost")) {
            diagnostics.error(fileStart, "DbdHost is not set");
        }
        PurgeSettings purge = new PurgeSettings(purge(values, "PurgeEventAfter"), purge(values, "PurgeJobAfter"),
                purge(values, "PurgeResvAfter"), purge(values, "PurgeStepAfter"), purge(values, "PurgeSuspendAfter"),
                purge(values, "PurgeTXNAfter"), purge(values, "PurgeUsageAfter"));
        return new SlurmdbdConfig(values.choice("AuthType", AuthPlugin.class, AuthPlugin.MUNGE),
                values.string("DbdHost"), values.optional("DbdAddr"), values.optional("DbdBackupHost"),
                values.port("DbdPort"), values.string("SlurmUser"), values.string("StorageType"),
                values.string("StorageHost"), values.port("StoragePort"), values.string("StorageUser"),
                values.string("StoragePass"), values.string("StorageLoc"), purge,
                values.optional("LogFile").map(Path::of), Path.of(values.string("PidFile")),
                values.choice("DebugLevel", DebugLevel.class, DebugLevel.INFO), values.seconds("MessageTimeout"));
    }

    private static Optional<PurgePeriod> purge(KeyValues values, String key) {
        return values.isSet(key) ? Optional.ofNullable(values.parsed(key, PurgePeriod::parse, null)) : Optional.empty();
    }
}
