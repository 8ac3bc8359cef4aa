package io.jslurm.conf.slurm;

import io.jslurm.conf.parse.ConfChoice;

/** Modifiers that may follow the resource mode in {@code SelectTypeParameters}. */
public enum SelectFlag implements ConfChoice {
    CR_ONE_TASK_PER_CORE("CR_ONE_TASK_PER_CORE"),
    CR_CORE_DEFAULT_DIST_BLOCK("CR_CORE_DEFAULT_DIST_BLOCK"),
    CR_LLN("CR_LLN"),
    CR_PACK_NODES("CR_Pack_Nodes"),
    OTHER_CONS_RES("OTHER_CONS_RES"),
    OTHER_CONS_TRES("OTHER_CONS_TRES");

    private final String confName;

    SelectFlag(String confName) {
        this.confName = confName;
    }

    @Override
    public String confName() {
        return confName;
    }
}
