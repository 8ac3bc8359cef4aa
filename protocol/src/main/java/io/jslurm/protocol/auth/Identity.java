package io.jslurm.protocol.auth;

import java.util.Objects;

/** Who sent a request, as proven by its credential. uid/gid are unsigned 32-bit values. */
public record Identity(long uid, long gid, String host, String authType) {
    public static final long MAX_ID = 0xFFFF_FFFEL;

    public Identity {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(authType, "authType");
        if (uid < 0 || uid > MAX_ID) {
            throw new IllegalArgumentException("uid out of range: " + uid);
        }
        if (gid < 0 || gid > MAX_ID) {
            throw new IllegalArgumentException("gid out of range: " + gid);
        }
    }

    public boolean isRoot() {
        return uid == 0;
    }
}
