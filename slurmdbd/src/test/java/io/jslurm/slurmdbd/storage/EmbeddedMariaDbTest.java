package io.jslurm.slurmdbd.storage;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

class EmbeddedMariaDbTest {

    @Test
    void startsAndAnswers() throws Exception {
        Path home = TestServers.freshHome("spike");
        try (EmbeddedMariaDb server = EmbeddedMariaDb.start(home, TestServers.binaries(), TestServers.freePort())) {
            try (Connection c = DriverManager.getConnection(server.jdbcUrl(""), "root", "");
                 Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SELECT VERSION()")) {
                rs.next();
                assertThat(rs.getString(1)).startsWith("11.4.5");
            }
            System.out.println("start times " + server.startTimes());
        }
    }
}
