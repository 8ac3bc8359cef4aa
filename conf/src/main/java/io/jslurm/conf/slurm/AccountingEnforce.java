package io.jslurm.conf.slurm;

import io.jslurm.conf.parse.ConfChoice;

/** Limits enforced through accounting ({@code AccountingStorageEnforce}). */
public enum AccountingEnforce implements ConfChoice {
    ALL("all"),
    ASSOCIATIONS("associations"),
    LIMITS("limits"),
    NOJOBS("nojobs"),
    NOSTEPS("nosteps"),
    QOS("qos"),
    SAFE("safe"),
    WCKEYS("wckeys");

    private final String confName;

    AccountingEnforce(String confName) {
        this.confName = confName;
    }

    @Override
    public String confName() {
        return confName;
    }
}
