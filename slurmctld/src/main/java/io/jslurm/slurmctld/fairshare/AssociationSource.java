package io.jslurm.slurmctld.fairshare;

import java.io.IOException;

/**
 * Where the controller reads associations, default accounts and QOS priorities: its copy of accounting
 * ({@link CachedAssociationSource}), or nothing without accounting.
 */
public interface AssociationSource {

    AccountingView load() throws IOException;

    /** No accounting (AccountingStorageType=accounting_storage/none): every user's jobs land under root. */
    AssociationSource NONE = () -> AccountingView.EMPTY;
}
