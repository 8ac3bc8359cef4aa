package io.jslurm.slurmctld.fairshare;

import java.io.IOException;

/**
 * Where the controller reads associations, default accounts and QOS priorities. Today that is a query to slurmdbd
 * ({@link DbdAssociationSource}); when the controller keeps its own cache of associations and QOS loaded from
 * slurmdbd, an implementation reading that cache replaces it here and nothing else changes.
 */
public interface AssociationSource {

    AccountingView load() throws IOException;

    /** No accounting (AccountingStorageType=accounting_storage/none): every user's jobs land under root. */
    AssociationSource NONE = () -> AccountingView.EMPTY;
}
