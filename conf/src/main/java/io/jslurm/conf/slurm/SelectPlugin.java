package io.jslurm.conf.slurm;

import io.jslurm.conf.parse.ConfChoice;

/** The resource selection plugin ({@code SelectType}). */
public enum SelectPlugin implements ConfChoice {
    LINEAR("select/linear"),
    CONS_RES("select/cons_res"),
    CONS_TRES("select/cons_tres"),
    CRAY_ARIES("select/cray_aries");

    private final String confName;

    SelectPlugin(String confName) {
        this.confName = confName;
    }

    @Override
    public String confName() {
        return confName;
    }
}
