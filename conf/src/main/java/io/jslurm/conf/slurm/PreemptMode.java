package io.jslurm.conf.slurm;

import io.jslurm.conf.parse.ConfChoice;

/** What happens to a preempted job; {@code GANG} and {@code WITHIN} combine with the others. */
public enum PreemptMode implements ConfChoice {
    OFF("OFF"),
    CANCEL("CANCEL"),
    GANG("GANG"),
    REQUEUE("REQUEUE"),
    SUSPEND("SUSPEND"),
    WITHIN("WITHIN");

    private final String confName;

    PreemptMode(String confName) {
        this.confName = confName;
    }

    @Override
    public String confName() {
        return confName;
    }
}
