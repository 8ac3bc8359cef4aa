package io.jslurm.conf.slurm;

import io.jslurm.conf.parse.ConfChoice;

/** The state a node starts in, as slurm.conf may set it. */
public enum NodeStateSetting implements ConfChoice {
    CLOUD("CLOUD"),
    DOWN("DOWN"),
    DRAIN("DRAIN"),
    FAIL("FAIL"),
    FAILING("FAILING"),
    FUTURE("FUTURE"),
    UNKNOWN("UNKNOWN");

    private final String confName;

    NodeStateSetting(String confName) {
        this.confName = confName;
    }

    @Override
    public String confName() {
        return confName;
    }
}
