package io.jslurm.cli.client;

import io.jslurm.protocol.auth.GetentUserDirectory;
import java.io.IOException;
import java.time.InstantSource;

/**
 * The users this host knows as Slurm's commands see them: the passwd file first (no process to start), then NSS
 * ({@code getent passwd}), so users from LDAP or SSSD, who have no line in /etc/passwd, are known too.
 */
public record HostUsers(PasswdUsers file) implements UserDirectory {

    @Override
    public boolean knows(String user) {
        if (file.knows(user)) {
            return true;
        }
        try {
            return new GetentUserDirectory(InstantSource.system()).hasUser(user);
        } catch (IOException noAnswer) {
            // No NSS answer is no user: Slurm's commands also refuse a name getpwnam does not resolve.
            return false;
        }
    }
}
