package io.jslurm.conf.gres;

import io.jslurm.conf.parse.ConfChoice;

/** Which library slurmd asks for the node's GPUs, if any ({@code AutoDetect}). */
public enum AutoDetect implements ConfChoice {
    NVML("nvml"),
    RSMI("rsmi"),
    ONEAPI("oneapi"),
    OFF("off");

    private final String confName;

    AutoDetect(String confName) {
        this.confName = confName;
    }

    @Override
    public String confName() {
        return confName;
    }
}
