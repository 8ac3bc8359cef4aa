package io.jslurm.protocol.auth;

import io.jslurm.conf.parse.ConfPair;
import io.jslurm.conf.slurm.SlurmConfig;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * Where auth/slurm's files are, from slurm.conf's {@code AuthInfo} (a comma-separated list of
 * {@code name=value}), read the same way by every daemon and command so they agree.
 *
 * @param keyFile          {@code keyfile=}, else {@code slurm.key} next to slurm.conf
 * @param credentialSocket {@code socket=}, else {@link #DEFAULT_SOCKET}: where the credential
 *                         service answers users who cannot read the key
 */
public record AuthInfo(Path keyFile, Path credentialSocket) {
    /** Under the run directory, as Slurm keeps its own local sockets under /run/slurm. */
    public static final Path DEFAULT_SOCKET = Path.of("/run/slurm/credential.socket");
    static final String KEY_FILE_NAME = "slurm.key";

    public AuthInfo {
        Objects.requireNonNull(keyFile, "keyFile");
        Objects.requireNonNull(credentialSocket, "credentialSocket");
    }

    public static AuthInfo of(SlurmConfig slurm, Path slurmConf) {
        ConfPair setting = slurm.settings().get("AuthInfo");
        String list = setting == null ? "" : setting.value();
        Path dir = slurmConf.toAbsolutePath().getParent();
        Path defaultKey = dir == null ? Path.of(KEY_FILE_NAME) : dir.resolve(KEY_FILE_NAME);
        return new AuthInfo(option(list, "keyfile").map(Path::of).orElse(defaultKey),
                option(list, "socket").map(Path::of).orElse(DEFAULT_SOCKET));
    }

    /** The value of {@code name=value} in the list; names are case-insensitive. */
    public static Optional<String> option(String list, String name) {
        for (String item : list.split(",")) {
            int equals = item.indexOf('=');
            if (equals > 0 && item.substring(0, equals).strip().equalsIgnoreCase(name)) {
                return Optional.of(item.substring(equals + 1).strip());
            }
        }
        return Optional.empty();
    }
}
