package io.jslurm.conf.slurm;

import io.jslurm.conf.parse.ConfChoice;

/** Where job accounting goes ({@code AccountingStorageType}). */
public enum AccountingStoragePlugin implements ConfChoice {
    NONE("accounting_storage/none"),
    SLURMDBD("accounting_storage/slurmdbd");

    private final String confName;

    AccountingStoragePlugin(String confName) {
        this.confName = confName;
    }

    @Override
    public String confName() {
        return confName;
    }
}
