package io.jslurm.slurmdbd.storage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The embedded server's root account. A fresh data directory has a password-less root and an
 * anonymous user, which any local user could log in as; on first start root gets a random password,
 * kept in a file only the daemon's user can read, and the anonymous users and the test database go.
 */
final class RootAccount {

    private static final Logger log = LoggerFactory.getLogger(RootAccount.class);
    static final String USER = "root";
    private static final String LOOPBACK = "'localhost', '127.0.0.1', '::1'";

    private final Path passwordFile;
    private final String serverUrl;

    RootAccount(Path passwordFile, String serverUrl) {
        this.passwordFile = passwordFile;
        this.serverUrl = serverUrl;
    }

    Connection connect() throws SQLException {
        return DriverManager.getConnection(serverUrl, USER, password());
    }

    /** Makes sure root has the password from the file, creating both on the first start. */
    void secure() throws SQLException {
        String password = password();
        try {
            DriverManager.getConnection(serverUrl, USER, password).close();
            return;
        } catch (SQLException alreadyFine) {
            // Not yet secured (or a crash came between writing the file and setting the password).
        }
        try (Connection c = DriverManager.getConnection(serverUrl, USER, ""); Statement s = c.createStatement()) {
            // Accounts named by host name are never matched under --skip-name-resolve, and ALTER USER
            // refuses them; they are removed along with the anonymous ones.
            s.execute("DELETE FROM mysql.global_priv WHERE user = ''"
                    + " OR (user = 'root' AND host NOT IN (" + LOOPBACK + "))");
            s.execute("DELETE FROM mysql.proxies_priv WHERE host NOT IN (" + LOOPBACK + ")");
            s.execute("FLUSH PRIVILEGES");
            List<String> roots = new ArrayList<>();
            try (ResultSet rs = s.executeQuery("SELECT host FROM mysql.global_priv WHERE user = 'root'")) {
                while (rs.next()) {
                    roots.add("root@" + Sql.quote(rs.getString(1)));
                }
            }
            for (String account : roots) {
                s.execute("ALTER USER " + account + " IDENTIFIED BY " + Sql.quote(password));
            }
            s.execute("DROP DATABASE IF EXISTS test");
        }
        log.info("embedded MariaDB root password set, kept in {}", passwordFile);
    }

    String password() {
        try {
            if (!Files.exists(passwordFile)) {
                byte[] random = new byte[24];
                new SecureRandom().nextBytes(random);
                Path tmp = passwordFile.resolveSibling(passwordFile.getFileName() + ".tmp");
                Files.deleteIfExists(tmp);
                Files.createFile(tmp, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
                Files.writeString(tmp, HexFormat.of().formatHex(random), StandardCharsets.US_ASCII);
                Files.move(tmp, passwordFile, StandardCopyOption.ATOMIC_MOVE);
            }
            return Files.readString(passwordFile, StandardCharsets.US_ASCII).strip();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read or create " + passwordFile, e);
        }
    }
}
