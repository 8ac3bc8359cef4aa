package io.jslurm.cli.submit;

import java.util.Objects;

/**
 * Who submits, and from where: the process's user and group, and the host sbatch runs on.
 *
 * @param host the short host name, as {@code SLURM_SUBMIT_HOST} and {@code AllocNode} show it
 * @param sessionId the session id of the submitting command, the {@code Sid} of {@code AllocNode:Sid}; 0 if unknown
 */
public record Submitter(int uid, int gid, String user, String host, int sessionId) {

    public Submitter {
        if (uid < 0 || gid < 0) {
            throw new IllegalArgumentException("uid and gid must not be negative: " + uid + "/" + gid);
        }
        Objects.requireNonNull(user, "user is null");
        Objects.requireNonNull(host, "host is null");
    }

    public Submitter withUid(int newUid) {
        return new Submitter(newUid, gid, user, host, sessionId);
    }

    public Submitter withGid(int newGid) {
        return new Submitter(uid, newGid, user, host, sessionId);
    }
}
