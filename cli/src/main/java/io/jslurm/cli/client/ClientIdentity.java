package io.jslurm.cli.client;

import io.jslurm.protocol.auth.ProcessUser;
import java.util.Objects;

/**
 * The user running a command: what {@code --me} and {@code -u} default to, and who JSON output names.
 */
public record ClientIdentity(long uid, long gid, String user) {

    public ClientIdentity {
        Objects.requireNonNull(user, "user is null");
    }

    public static ClientIdentity current() {
        ProcessUser user = ProcessUser.current();
        return new ClientIdentity(user.uid(), user.gid(), user.name());
    }
}
