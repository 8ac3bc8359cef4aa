package io.jslurm.protocol.auth;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.security.auth.module.UnixSystem;
import org.junit.jupiter.api.Test;

/** The process's user as the kernel and the password database say, the same as {@link UnixSystem}. */
class ProcessUserTest {

    @Test
    void sameIdsAndNameAsUnixSystem() {
        UnixSystem unix = new UnixSystem();
        ProcessUser user = ProcessUser.current();
        assertThat(user.uid()).isEqualTo(unix.getUid());
        assertThat(user.gid()).isEqualTo(unix.getGid());
        assertThat(user.name()).isEqualTo(unix.getUsername());
    }
}
