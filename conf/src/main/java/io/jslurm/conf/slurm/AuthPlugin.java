package io.jslurm.conf.slurm;

import io.jslurm.conf.parse.ConfChoice;

/** How daemons and commands authenticate each other ({@code AuthType}). */
public enum AuthPlugin implements ConfChoice {
    MUNGE("auth/munge"),
    JWT("auth/jwt"),
    NONE("auth/none"),
    SLURM("auth/slurm");

    private final String confName;

    AuthPlugin(String confName) {
        this.confName = confName;
    }

    @Override
    public String confName() {
        return confName;
    }
}
