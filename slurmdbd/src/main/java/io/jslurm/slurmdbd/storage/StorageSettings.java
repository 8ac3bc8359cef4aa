package io.jslurm.slurmdbd.storage;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * Where slurmdbd keeps its accounting data, as read from slurmdbd.conf.
 *
 * @param host    StorageHost; empty means slurmdbd runs its own embedded MariaDB server
 * @param port    StoragePort; for the embedded server, the port it listens on (loopback only)
 * @param user    StorageUser
 * @param pass    StoragePass (may be empty)
 * @param loc     StorageLoc, the database name
 * @param dataDir the embedded server's home (data, socket, pid file); kept across restarts
 */
public record StorageSettings(Optional<String> host, int port, String user, String pass, String loc, Path dataDir) {

    public static final int DEFAULT_PORT = 3306;
    public static final String DEFAULT_LOC = "slurm_acct_db";

    public StorageSettings {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(pass, "pass");
        Objects.requireNonNull(loc, "loc");
        Objects.requireNonNull(dataDir, "dataDir");
        host = host.filter(h -> !h.isBlank());
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("StoragePort out of range: " + port);
        }
        if (!loc.matches("[A-Za-z0-9_$]{1,64}")) {
            // The name is spliced into CREATE DATABASE, so only plain identifiers are accepted.
            throw new IllegalArgumentException("StorageLoc is not a plain database name: " + loc);
        }
        if (user.isBlank()) {
            throw new IllegalArgumentException("StorageUser is empty");
        }
    }

    /** Embedded store on the default port and database, connecting as root. */
    public static StorageSettings embedded(Path dataDir, int port) {
        return new StorageSettings(Optional.empty(), port, "root", "", DEFAULT_LOC, dataDir);
    }

    public boolean embedded() {
        return host.isEmpty();
    }

    /** The same settings naming another database. */
    public StorageSettings withLoc(String otherLoc) {
        return new StorageSettings(host, port, user, pass, otherLoc, dataDir);
    }
}
