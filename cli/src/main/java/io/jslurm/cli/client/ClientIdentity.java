package io.jslurm.cli.client;

import com.sun.security.auth.module.UnixSystem;
import java.util.Objects;

/**
 * The user running a command: what {@code --me} and {@code -u} default to, and who JSON output names.
 */
public record ClientIdentity(long uid, long gid, String user) {

    public ClientIdentity {
        Objects.requireNonNull(user, "user is null");
    }

    public static ClientIdentity current() {
        UnixSystem unix = new UnixSystem();
        return new ClientIdentity(unix.getUid(), unix.getGid(), unix.getUsername());
    }
}
