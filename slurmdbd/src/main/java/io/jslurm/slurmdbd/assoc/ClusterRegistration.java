package io.jslurm.slurmdbd.assoc;

import io.jslurm.slurmdbd.admin.AdminStore;
import java.sql.SQLException;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Adds a controller's cluster to the accounting database the first time the controller asks for its associations,
 * as Slurm's slurmdbd (since 20.02) adds the cluster of a registering slurmctld: the cluster row and its root
 * association tree, exactly what {@code sacctmgr add cluster} creates, so sacctmgr may add accounts at once.
 * Only controllers reach this (the request takes root or SlurmUser), so a user cannot create clusters this way.
 */
public final class ClusterRegistration {

    private static final Logger log = LoggerFactory.getLogger(ClusterRegistration.class);

    private final AdminStore store;

    public ClusterRegistration(AdminStore store) {
        this.store = store;
    }

    /**
     * Adds {@code cluster} unless it is there; returns whether it was added. Serialised so that two requests of a
     * controller that overlap (its poll and its first registration) add and log the cluster once.
     */
    public synchronized boolean ensure(String cluster) throws SQLException {
        if (cluster.isEmpty()) {
            return false;
        }
        boolean added = !store.addClusters(List.of(cluster)).isEmpty();
        if (added) {
            log.info("Added cluster {} to the accounting database, with its root association, as its controller"
                    + " registered", cluster);
        }
        return added;
    }
}
