package io.jslurm.conf.slurm;

import io.jslurm.conf.parse.ConfChoice;

/** Which jobs may preempt which ({@code PreemptType}). */
public enum PreemptPlugin implements ConfChoice {
    NONE("preempt/none"),
    PARTITION_PRIO("preempt/partition_prio"),
    QOS("preempt/qos");

    private final String confName;

    PreemptPlugin(String confName) {
        this.confName = confName;
    }

    @Override
    public String confName() {
        return confName;
    }
}
