package io.jslurm.cli.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PasswdUsersTest {

    @TempDir
    Path dir;

    @Test
    void knowsNamesAndTheUidsThatHaveAnEntry() throws IOException {
        Path passwd = dir.resolve("passwd");
        Files.writeString(passwd, "root:x:0:0:root:/root:/bin/bash\n# a comment\nalice:x:1000:100::/home/alice:/bin/sh\n");
        PasswdUsers users = new PasswdUsers(passwd);
        assertThat(users.knows("alice")).isTrue();
        assertThat(users.knows("1000")).isTrue();
        assertThat(users.knows("0")).isTrue();
        assertThat(users.knows("bob")).isFalse();
        assertThat(users.knows("1001")).isFalse();
        assertThat(users.knows("x")).isFalse();
    }

    @Test
    void anUnreadableFileKnowsNoOne() {
        assertThat(new PasswdUsers(dir.resolve("missing")).knows("root")).isFalse();
    }
}
