package io.jslurm.conf.slurm;

import io.jslurm.conf.parse.ConfChoice;

/** How job priority is computed ({@code PriorityType}). */
public enum PriorityPlugin implements ConfChoice {
    BASIC("priority/basic"),
    MULTIFACTOR("priority/multifactor");

    private final String confName;

    PriorityPlugin(String confName) {
        this.confName = confName;
    }

    @Override
    public String confName() {
        return confName;
    }
}
