package io.jslurm.slurmdbd.rpc;

import io.jslurm.protocol.auth.Authenticator;
import io.jslurm.protocol.auth.CredentialSource;
import io.jslurm.protocol.auth.SlurmAuth;
import io.jslurm.protocol.auth.SlurmCredentialSigner;
import io.jslurm.protocol.auth.SlurmKey;
import io.jslurm.protocol.client.RpcClient;
import io.jslurm.protocol.proto.DbdMessage;
import io.jslurm.protocol.wire.EnvelopeType;
import io.jslurm.slurmdbd.storage.AccountingDatabase;
import io.jslurm.slurmdbd.storage.Migrations;
import io.jslurm.slurmdbd.storage.StorageSettings;
import io.jslurm.slurmdbd.storage.TestServers;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.InstantSource;

/**
 * A real slurmdbd for tests: embedded MariaDB where the storage tests keep theirs (binaries shared),
 * a fresh slurm.key, and the RPC server on a fixed port so that it can be stopped and started again.
 */
final class DbdFixture implements AutoCloseable {

    /** SlurmUser's uid in these tests; root (uid 0) is always allowed as well. */
    static final long SLURM_USER = 64030;

    final Path home;
    final AccountingDatabase database;
    final Path keyFile;
    final SlurmKey key;
    final int port;
    private DbdServer server;

    DbdFixture(String name) throws Exception {
        home = TestServers.freshHome(name);
        Files.createDirectories(home);
        database = AccountingDatabase.open(StorageSettings.embedded(home.resolve("db"), TestServers.freePort()), TestServers.binaries(),
                Migrations.load(Migrations.ACCOUNTING), InstantSource.system());
        byte[] bytes = new byte[32];
        new SecureRandom().nextBytes(bytes);
        keyFile = home.resolve("slurm.key");
        Files.write(keyFile, bytes);
        Files.setPosixFilePermissions(keyFile, PosixFilePermissions.fromString("rw-------"));
        key = SlurmKey.load(keyFile);
        port = TestServers.freePort();
        startServer();
    }

    void startServer() throws InterruptedException {
        InstantSource clock = InstantSource.system();
        server = DbdServer.start(new InetSocketAddress("127.0.0.1", port), database.dataSource(),
                new Authenticator(java.util.List.of(new SlurmAuth(key, clock))), SLURM_USER,
                JobVisibility.everyone(SLURM_USER), clock, credentialsFor(SLURM_USER));
    }

    void stopServer() {
        server.close();
    }

    CredentialSource credentialsFor(long uid) {
        return new SlurmCredentialSigner(key, InstantSource.system()).sourceFor(uid, uid, "localhost");
    }

    RpcClient<DbdMessage> client(long uid) throws IOException {
        return RpcClient.connect(EnvelopeType.DBD, new InetSocketAddress("127.0.0.1", port), Duration.ofSeconds(60),
                credentialsFor(uid));
    }

    long count(String sql) throws SQLException {
        try (Connection c = database.dataSource().getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Override
    public void close() {
        if (server != null) {
            server.close();
        }
        database.close();
    }
}
