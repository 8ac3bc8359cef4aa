package io.jslurm.protocol.auth;

import java.io.IOException;
import java.util.OptionalLong;

/** Turns user and group names into numeric ids. */
public interface UserDirectory {
    OptionalLong uidOf(String userName) throws IOException;

    OptionalLong gidOf(String groupName) throws IOException;
}
