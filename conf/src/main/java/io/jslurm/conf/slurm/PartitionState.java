package io.jslurm.conf.slurm;

import io.jslurm.conf.parse.ConfChoice;

/** Whether a partition takes and runs jobs. */
public enum PartitionState implements ConfChoice {
    UP("UP"),
    DOWN("DOWN"),
    DRAIN("DRAIN"),
    INACTIVE("INACTIVE");

    private final String confName;

    PartitionState(String confName) {
        this.confName = confName;
    }

    @Override
    public String confName() {
        return confName;
    }
}
