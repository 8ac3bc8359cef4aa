package io.jslurm.cli.submit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class SessionIdTest {

    @Test
    void theSessionIsTheSixthFieldCountedFromTheEndOfTheCommandName() {
        assertThat(SessionId.fromStat("4711 (java) S 4700 4711 4321 34816 4711 4194560 1 0")).isEqualTo(4321);
        // A command name may hold spaces and parentheses of its own.
        assertThat(SessionId.fromStat("99 (a) b (c) R 1 99 77 0 -1")).isEqualTo(77);
    }

    @Test
    void unreadableLinesGiveSlurmsUnknownSession() {
        assertThat(SessionId.fromStat("")).isZero();
        assertThat(SessionId.fromStat("12 (x) S 1")).isZero();
        assertThat(SessionId.fromStat("12 (x) S 1 2 many")).isZero();
    }

    @Test
    void thisProcessHasTheSessionLinuxShows() throws IOException {
        // getsid of this JVM as the kernel reports it for the process, read independently of /proc/self. It is 0
        // where the session leader lives outside this PID namespace (a container), so only equality is asserted.
        long pid = ProcessHandle.current().pid();
        String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
        String[] afterName = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        assertThat(SessionId.current()).isEqualTo(Integer.parseInt(afterName[3]));
    }
}
