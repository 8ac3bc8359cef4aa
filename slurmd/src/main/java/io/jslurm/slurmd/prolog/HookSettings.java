package io.jslurm.slurmd.prolog;

import io.jslurm.conf.parse.ConfPair;
import io.jslurm.conf.slurm.SlurmConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * The slurm.conf settings of the programs slurmd runs around jobs and tasks.
 *
 * @param timeout PrologEpilogTimeout: a Prolog or Epilog still running after this long is killed and counts as failed
 */
public record HookSettings(Optional<Path> prolog, Optional<Path> epilog, Optional<Path> taskProlog,
                           Optional<Path> taskEpilog, Duration timeout) {

    /** Slurm's default PrologEpilogTimeout, 65534 s: in effect no limit. */
    static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(65534);
    public static final HookSettings NONE = new HookSettings(Optional.empty(), Optional.empty(), Optional.empty(),
            Optional.empty(), DEFAULT_TIMEOUT);

    public HookSettings {
        Objects.requireNonNull(prolog, "prolog");
        Objects.requireNonNull(epilog, "epilog");
        Objects.requireNonNull(taskProlog, "taskProlog");
        Objects.requireNonNull(taskEpilog, "taskEpilog");
        Objects.requireNonNull(timeout, "timeout");
    }

    public static HookSettings of(SlurmConfig conf) {
        var paths = conf.paths();
        return new HookSettings(paths.prolog(), paths.epilog(), paths.taskProlog(), paths.taskEpilog(),
                timeout(Optional.ofNullable(conf.settings().get("PrologEpilogTimeout")).map(ConfPair::value)));
    }

    /** The key table checked the value is a number of seconds; 0 means the default, as in Slurm. */
    static Duration timeout(Optional<String> value) {
        long seconds = value.map(String::trim).filter(v -> v.matches("\\d+")).map(Long::parseLong).orElse(0L);
        return seconds == 0 ? DEFAULT_TIMEOUT : Duration.ofSeconds(seconds);
    }
}
