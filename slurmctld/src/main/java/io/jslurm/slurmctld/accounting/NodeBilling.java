package io.jslurm.slurmctld.accounting;

import io.jslurm.common.tres.BillingWeights;
import io.jslurm.common.tres.TresName;
import io.jslurm.conf.slurm.NodeConfig;
import io.jslurm.conf.slurm.PartitionConfig;
import io.jslurm.conf.slurm.PriorityFlag;
import io.jslurm.conf.slurm.SlurmConfig;
import java.util.Map;

/**
 * The billing TRES of a node ({@code billing=} in scontrol show node's CfgTRES), as Slurm computes it: the node's
 * configured TRES (its CPUs, RealMemory, one node, its GPUs) weighted by the TRESBillingWeights of each partition
 * the node is in, the largest of those; the node's CPU count when none of its partitions has weights (a job there
 * is billed its CPUs).
 */
public final class NodeBilling {

    private NodeBilling() {
    }

    public static long of(NodeConfig node, SlurmConfig slurm) {
        Map<String, Long> tres = Map.of(TresName.CPU, (long) node.cpus(), TresName.MEM,
                node.realMemory().mebibytes(), TresName.NODE, 1L, "gres/gpu", node.gres().count("gpu"));
        boolean maxTres = slurm.priority().flags().contains(PriorityFlag.MAX_TRES);
        double largest = 0;
        for (PartitionConfig partition : slurm.partitions()) {
            if (partition.nodes().contains(node.name()) && !partition.billingWeights().isEmpty()) {
                largest = Math.max(largest, partition.billingWeights().billable(tres, maxTres));
            }
        }
        long billing = BillingWeights.whole(largest);
        return billing == 0 ? node.cpus() : billing;
    }
}
