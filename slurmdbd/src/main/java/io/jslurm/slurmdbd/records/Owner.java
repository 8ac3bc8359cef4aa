package io.jslurm.slurmdbd.records;

import java.util.Objects;

/** Who a job ran as: user and group by name and id. */
public record Owner(String user, long uid, String group, long gid) {

    public Owner {
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(group, "group");
        if (uid < 0 || uid > 0xFFFF_FFFFL || gid < 0 || gid > 0xFFFF_FFFFL) {
            throw new IllegalArgumentException("uid/gid out of range: " + uid + "/" + gid);
        }
    }
}
