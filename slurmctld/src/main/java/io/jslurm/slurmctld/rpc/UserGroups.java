package io.jslurm.slurmctld.rpc;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/** The groups a user belongs to, for partitions' AllowGroups. */
@FunctionalInterface
public interface UserGroups {

    Set<String> groupsOf(String userName);

    /** Asks NSS through {@code id -Gn}, so LDAP and SSSD groups count as the rest of the system sees them. */
    static UserGroups system() {
        return user -> {
            try {
                Process process = new ProcessBuilder("id", "-Gn", "--", user).redirectErrorStream(true).start();
                if (!process.waitFor(5, TimeUnit.SECONDS) || process.exitValue() != 0) {
                    process.destroyForcibly();
                    return Set.of();
                }
                String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
                return out.isEmpty() ? Set.of() : Set.of(out.split("\\s+"));
            } catch (IOException e) {
                return Set.of();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Set.of();
            }
        };
    }
}
