package io.jslurm.slurmd.launch;

import java.util.Objects;

/**
 * The submitting user the batch script runs as. Supplementary groups are not part of the request:
 * they are resolved on the node when the job starts, as Slurm does, so a group change made after
 * submission is seen.
 */
public record JobUser(String name, int uid, int gid) {
    public JobUser {
        Objects.requireNonNull(name, "name");
        if (name.isEmpty()) {
            throw new IllegalArgumentException("user name is empty");
        }
        if (uid < 0 || gid < 0) {
            throw new IllegalArgumentException("uid and gid must not be negative: " + uid + "/" + gid);
        }
    }
}
