package io.jslurm.conf.slurm;

import io.jslurm.conf.parse.ConfChoice;

/** What {@code SelectTypeParameters} makes consumable: the unit of CPU allocation and whether memory counts. */
public enum ResourceMode implements ConfChoice {
    CR_CPU("CR_CPU"),
    CR_CPU_MEMORY("CR_CPU_Memory"),
    CR_CORE("CR_Core"),
    CR_CORE_MEMORY("CR_Core_Memory"),
    CR_SOCKET("CR_Socket"),
    CR_SOCKET_MEMORY("CR_Socket_Memory"),
    CR_MEMORY("CR_Memory");

    private final String confName;

    ResourceMode(String confName) {
        this.confName = confName;
    }

    @Override
    public String confName() {
        return confName;
    }
}
