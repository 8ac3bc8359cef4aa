package io.jslurm.slurmctld.accounting;

import io.jslurm.conf.slurm.NodeConfig;
import io.jslurm.conf.slurm.SlurmConfig;
import io.jslurm.protocol.proto.DbdNodeState;

/**
 * What the cluster has, told to slurmdbd at each start as an event of the cluster itself (empty node name):
 * TRES {@code 1=CPUS,2=MEMORY_MB,4=NODES}. sreport's utilization measures the cluster's CPUs against it.
 */
public final class ClusterCapacity {

    /** The state the event carries; slurmdbd reads only its TRES. */
    static final String STATE = "CLUSTER_TRES";

    /** The reason sacctmgr shows for such an event, as Slurm words it. */
    static final String REASON = "Cluster Registered TRES";

    private ClusterCapacity() {
    }

    public static DbdNodeState event(SlurmConfig slurm, long time) {
        long cpus = slurm.nodes().stream().mapToLong(NodeConfig::cpus).sum();
        long memory = slurm.nodes().stream().mapToLong(n -> n.realMemory().mebibytes()).sum();
        return DbdNodeState.newBuilder().setCluster(slurm.clusterName()).setNodeName("").setState(STATE).setReason(REASON)
                .setTime(time)
                .setTres("1=" + cpus + ",2=" + memory + ",4=" + slurm.nodes().size()).build();
    }
}
