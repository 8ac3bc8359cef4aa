package io.jslurm.slurmd.launch;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * The settings job launch takes from slurm.conf.
 *
 * @param spoolDir SlurmdSpoolDir: job scripts and the records a restarted slurmd re-attaches from
 * @param killWait KillWait: how long processes get between SIGTERM and SIGKILL when a job is ended
 */
public record RunnerConfig(Path spoolDir, NodeContext node, Duration killWait) {
    public RunnerConfig {
        Objects.requireNonNull(spoolDir, "spoolDir");
        Objects.requireNonNull(node, "node");
        Objects.requireNonNull(killWait, "killWait");
        if (killWait.isNegative()) {
            throw new IllegalArgumentException("KillWait is negative: " + killWait);
        }
    }
}
