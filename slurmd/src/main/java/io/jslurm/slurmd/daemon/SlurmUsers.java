package io.jslurm.slurmd.daemon;

import io.jslurm.protocol.auth.GetentUserDirectory;
import java.io.IOException;
import java.time.InstantSource;

/** SlurmUser's uid, the only one besides root whose requests slurmd serves. */
final class SlurmUsers {
    private SlurmUsers() {
    }

    static long uidOf(String slurmUser) throws IOException {
        if (slurmUser.equals("root")) {
            return 0;
        }
        if (slurmUser.chars().allMatch(Character::isDigit)) {
            return Long.parseLong(slurmUser);
        }
        return new GetentUserDirectory(InstantSource.system()).uidOf(slurmUser)
                .orElseThrow(() -> new IOException("SlurmUser '" + slurmUser + "' is not a known user"));
    }
}
