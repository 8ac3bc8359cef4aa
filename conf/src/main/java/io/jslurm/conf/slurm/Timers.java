package io.jslurm.conf.slurm;

import java.time.Duration;
import java.util.Objects;

/**
 * The timeouts and ages the daemons act on.
 *
 * @param inactiveLimit zero means no limit
 * @param overTimeLimit how long a job may run past its time limit before it is killed
 */
public record Timers(Duration slurmdTimeout, Duration slurmctldTimeout, Duration minJobAge, Duration killWait,
                     Duration messageTimeout, Duration inactiveLimit, Duration waitTime, Duration overTimeLimit) {

    public Timers {
        Objects.requireNonNull(slurmdTimeout, "slurmdTimeout");
        Objects.requireNonNull(slurmctldTimeout, "slurmctldTimeout");
        Objects.requireNonNull(minJobAge, "minJobAge");
        Objects.requireNonNull(killWait, "killWait");
        Objects.requireNonNull(messageTimeout, "messageTimeout");
        Objects.requireNonNull(inactiveLimit, "inactiveLimit");
        Objects.requireNonNull(waitTime, "waitTime");
        Objects.requireNonNull(overTimeLimit, "overTimeLimit");
    }
}
