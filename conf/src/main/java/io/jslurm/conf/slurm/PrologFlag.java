package io.jslurm.conf.slurm;

import io.jslurm.conf.parse.ConfChoice;

/** When and how prolog and epilog scripts run ({@code PrologFlags}). */
public enum PrologFlag implements ConfChoice {
    ALLOC("Alloc"),
    CONTAIN("Contain"),
    DEFER_BATCH("DeferBatch"),
    FORCE_REQUEUE_ON_FAIL("ForceRequeueOnFail"),
    NO_HOLD("NoHold"),
    SERIAL("Serial"),
    X11("X11");

    private final String confName;

    PrologFlag(String confName) {
        this.confName = confName;
    }

    @Override
    public String confName() {
        return confName;
    }
}
