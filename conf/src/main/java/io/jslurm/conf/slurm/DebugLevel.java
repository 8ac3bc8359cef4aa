package io.jslurm.conf.slurm;

import io.jslurm.conf.parse.ConfChoice;

/** How much a daemon logs. */
public enum DebugLevel implements ConfChoice {
    QUIET("quiet"),
    FATAL("fatal"),
    ERROR("error"),
    INFO("info"),
    VERBOSE("verbose"),
    DEBUG("debug"),
    DEBUG2("debug2"),
    DEBUG3("debug3"),
    DEBUG4("debug4"),
    DEBUG5("debug5");

    private final String confName;

    DebugLevel(String confName) {
        this.confName = confName;
    }

    @Override
    public String confName() {
        return confName;
    }
}
