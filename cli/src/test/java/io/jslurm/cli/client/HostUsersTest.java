package io.jslurm.cli.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HostUsersTest {

    @TempDir
    Path dir;

    @Test
    void aUserWithoutALineInThePasswdFileIsStillKnownThroughNss() throws Exception {
        // An empty passwd file stands for a host whose users come from LDAP: NSS still resolves root and uid 0.
        HostUsers users = new HostUsers(new PasswdUsers(Files.writeString(dir.resolve("passwd"), "")));
        assertThat(users.knows("root")).isTrue();
        assertThat(users.knows("0")).isTrue();
        assertThat(users.knows("no-such-user-anywhere")).isFalse();
        assertThat(users.knows("987654321")).isFalse();
    }

    @Test
    void theFileAnswersFirst() throws Exception {
        HostUsers users = new HostUsers(new PasswdUsers(Files.writeString(dir.resolve("passwd"),
                "alice:x:1000:100::/home/alice:/bin/bash\n")));
        assertThat(users.knows("alice")).isTrue();
        assertThat(users.knows("1000")).isTrue();
    }
}
