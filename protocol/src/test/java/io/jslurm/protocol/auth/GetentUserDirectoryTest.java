package io.jslurm.protocol.auth;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.security.auth.module.UnixSystem;
import java.time.Clock;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class GetentUserDirectoryTest {

    @Test
    void readsTheIdOfTheMatchingLineOnly() {
        String out = "alice2:x:1002:100::/home/alice2:/bin/sh\nalice:x:1001:100:Alice:/home/alice:/bin/bash\n";
        assertThat(GetentUserDirectory.idFromEntry(out, "alice")).isEqualTo(OptionalLong.of(1001));
        assertThat(GetentUserDirectory.idFromEntry("gpu:x:44:alice,bob\n", "gpu")).isEqualTo(OptionalLong.of(44));
        assertThat(GetentUserDirectory.idFromEntry("", "alice")).isEmpty();
        assertThat(GetentUserDirectory.idFromEntry("alice:x:notanumber:1::/:/bin/sh", "alice")).isEmpty();
    }

    @Test
    void resolvesTheCurrentUserThroughNss() throws Exception {
        UnixSystem self = new UnixSystem();
        GetentUserDirectory users = new GetentUserDirectory(Clock.systemUTC());
        assertThat(users.uidOf(self.getUsername())).isEqualTo(OptionalLong.of(self.getUid()));
        assertThat(users.uidOf("no-such-user-here")).isEmpty();
        assertThat(users.uidOf("4242")).isEqualTo(OptionalLong.of(4242));
    }
}
