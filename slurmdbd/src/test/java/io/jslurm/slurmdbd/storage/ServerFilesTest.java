package io.jslurm.slurmdbd.storage;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ServerFilesTest {

    @Test
    void aShallowHomeKeepsItsSocketInsideIt() {
        Path home = Path.of("/var/lib/jslurm/db");
        assertThat(new ServerFiles(home).socket()).isEqualTo(home.resolve("run/mariadbd.sock"));
    }

    @Test
    void aDeepHomeGetsAShortSocketPathThatStaysTheSameForIt() {
        Path deep = Path.of("/tmp/ciclone/main/integration-tests/target/it-clusters/InteractiveTimeLimitIT-13493-23524/db");
        Path other = Path.of("/tmp/ciclone/main/integration-tests/target/it-clusters/InteractiveTimeLimitIT-13493-23525/db");

        Path socket = new ServerFiles(deep).socket();

        assertThat(deep.resolve("run/mariadbd.sock").toString().getBytes(StandardCharsets.UTF_8))
                .hasSizeGreaterThan(ServerFiles.MAX_SOCKET_PATH_BYTES);
        assertThat(socket.toString().getBytes(StandardCharsets.UTF_8))
                .hasSizeLessThanOrEqualTo(ServerFiles.MAX_SOCKET_PATH_BYTES);
        assertThat(new ServerFiles(deep).socket()).isEqualTo(socket);
        assertThat(new ServerFiles(other).socket()).isNotEqualTo(socket);
    }
}
