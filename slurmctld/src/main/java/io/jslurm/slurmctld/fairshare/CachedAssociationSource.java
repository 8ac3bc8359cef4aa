package io.jslurm.slurmctld.fairshare;

import io.jslurm.protocol.proto.DbdAssocRecord;
import io.jslurm.protocol.proto.DbdAssocSnapshot;
import io.jslurm.protocol.proto.DbdQosRecord;
import io.jslurm.protocol.proto.DbdUserRecord;
import io.jslurm.slurmctld.assoc.AccountingData;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * Associations, default accounts and QOS priorities from the controller's copy of accounting (the association
 * cache that limits are enforced from), so fair share and limits see the same tree and slurmdbd is asked once.
 */
public final class CachedAssociationSource implements AssociationSource {

    private final Supplier<AccountingData> data;

    public CachedAssociationSource(Supplier<AccountingData> data) {
        this.data = Objects.requireNonNull(data, "data");
    }

    @Override
    public AccountingView load() {
        DbdAssocSnapshot snapshot = data.get().snapshot();
        List<Association> associations = new ArrayList<>();
        for (DbdAssocRecord a : snapshot.getAssociationsList()) {
            // Fairshare=parent (no value) counts as one share, as sacctmgr's blank column did.
            long shares = a.hasShares() ? Math.max(0, a.getShares()) : 1;
            long priority = a.hasPriority() ? Integer.toUnsignedLong(a.getPriority()) : 0;
            String parent = a.getUser().isEmpty() ? a.getParentAccount() : "";
            associations.add(new Association(a.getAccount(), a.getUser(), parent, shares, priority));
        }
        Map<String, String> defaults = new HashMap<>();
        for (DbdUserRecord user : snapshot.getUsersList()) {
            if (!user.getDefaultAccount().isEmpty()) {
                defaults.put(user.getName(), user.getDefaultAccount());
            }
        }
        Map<String, Long> qos = new HashMap<>();
        for (DbdQosRecord record : snapshot.getQosList()) {
            qos.put(record.getName(), Integer.toUnsignedLong(record.getPriority()));
        }
        return new AccountingView(associations, defaults, qos);
    }
}
