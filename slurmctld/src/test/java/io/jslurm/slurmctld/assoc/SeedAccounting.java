package io.jslurm.slurmctld.assoc;

import io.jslurm.protocol.proto.DbdAssocRecord;
import io.jslurm.protocol.proto.DbdAssocSnapshot;
import io.jslurm.protocol.proto.DbdQosRecord;
import io.jslurm.protocol.proto.DbdUserRecord;

/**
 * What slurmdbd answers after the seed's set-up: cluster gpu with root, account ml, users alice (Operator,
 * QOS normal-train and priority-train) and bob (no AdminLevel, default QOS list), as sacctmgr stores them.
 */
final class SeedAccounting {

    private SeedAccounting() {
    }

    static DbdAssocSnapshot snapshot() {
        return DbdAssocSnapshot.newBuilder().setCluster("gpu").setGeneratedMs(1)
                .addUsers(DbdUserRecord.newBuilder().setName("root").setAdminLevel("Administrator")
                        .setDefaultAccount("root"))
                .addUsers(DbdUserRecord.newBuilder().setName("alice").setAdminLevel("Operator")
                        .setDefaultAccount("ml"))
                .addUsers(DbdUserRecord.newBuilder().setName("bob").setAdminLevel("None").setDefaultAccount("ml"))
                .addQos(DbdQosRecord.newBuilder().setId(1).setName("normal"))
                .addQos(DbdQosRecord.newBuilder().setId(2).setName("normal-train").setPriority(10)
                        .setMaxTresPerUser("gres/gpu=32").setMaxJobsPerUser(10))
                .addQos(DbdQosRecord.newBuilder().setId(3).setName("priority-train").setPriority(100)
                        .setMaxTresPerUser("gres/gpu=64").setMaxWallMinutes(7 * 24 * 60))
                .addAssociations(assoc(1, "root", "", "").setShares(1))
                .addAssociations(assoc(2, "root", "root", "root").setIsDefault(true))
                .addAssociations(assoc(3, "ml", "", "root").setGrpJobs(50))
                .addAssociations(assoc(4, "ml", "alice", "ml").setIsDefault(true)
                        .setQos("normal-train,priority-train"))
                .addAssociations(assoc(5, "ml", "bob", "ml").setIsDefault(true).setMaxSubmitJobs(2))
                .build();
    }

    static DbdAssocRecord.Builder assoc(int id, String account, String user, String parent) {
        return DbdAssocRecord.newBuilder().setId(id).setAccount(account).setUser(user).setParentAccount(parent);
    }
}
