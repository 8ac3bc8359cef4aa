package io.jslurm.conf.slurm;

import io.jslurm.conf.parse.ConfChoice;

/** The scheduling plugin ({@code SchedulerType}). */
public enum SchedulerPlugin implements ConfChoice {
    BACKFILL("sched/backfill"),
    BUILTIN("sched/builtin");

    private final String confName;

    SchedulerPlugin(String confName) {
        this.confName = confName;
    }

    @Override
    public String confName() {
        return confName;
    }
}
