package io.jslurm.conf.slurm;

import io.jslurm.conf.parse.ConfChoice;

/** Modifiers of the multifactor priority computation ({@code PriorityFlags}). */
public enum PriorityFlag implements ConfChoice {
    ACCRUE_ALWAYS("ACCRUE_ALWAYS"),
    CALCULATE_RUNNING("CALCULATE_RUNNING"),
    DEPTH_OBLIVIOUS("DEPTH_OBLIVIOUS"),
    NO_FAIR_TREE("NO_FAIR_TREE"),
    INCR_ONLY("INCR_ONLY"),
    MAX_TRES("MAX_TRES"),
    NO_NORMAL_ALL("NO_NORMAL_ALL"),
    NO_NORMAL_ASSOC("NO_NORMAL_ASSOC"),
    NO_NORMAL_PART("NO_NORMAL_PART"),
    NO_NORMAL_QOS("NO_NORMAL_QOS"),
    NO_NORMAL_TRES("NO_NORMAL_TRES"),
    SMALL_RELATIVE_TO_TIME("SMALL_RELATIVE_TO_TIME");

    private final String confName;

    PriorityFlag(String confName) {
        this.confName = confName;
    }

    @Override
    public String confName() {
        return confName;
    }
}
