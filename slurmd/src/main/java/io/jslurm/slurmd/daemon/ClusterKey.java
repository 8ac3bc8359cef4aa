package io.jslurm.slurmd.daemon;

import io.jslurm.conf.parse.ConfPair;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;

/**
 * Where slurm.key is: AuthInfo's {@code keyfile=} when given, else {@code slurm.key} next to
 * slurm.conf, as auth/slurm looks for it.
 */
final class ClusterKey {
    static final String FILE_NAME = "slurm.key";

    private ClusterKey() {
    }

    static Path location(Map<String, ConfPair> settings, Path slurmConf) {
        String authInfo = settings.containsKey("AuthInfo") ? settings.get("AuthInfo").value() : "";
        return Arrays.stream(authInfo.split(","))
                .map(String::strip)
                .filter(option -> option.startsWith("keyfile="))
                .map(option -> Path.of(option.substring("keyfile=".length())))
                .findFirst()
                .orElseGet(() -> {
                    Path dir = slurmConf.toAbsolutePath().getParent();
                    return dir == null ? Path.of(FILE_NAME) : dir.resolve(FILE_NAME);
                });
    }
}
