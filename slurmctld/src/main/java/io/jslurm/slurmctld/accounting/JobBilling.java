package io.jslurm.slurmctld.accounting;

import io.jslurm.common.tres.BillingWeights;
import io.jslurm.common.tres.TresName;
import io.jslurm.conf.slurm.PartitionConfig;
import io.jslurm.conf.slurm.PriorityFlag;
import io.jslurm.conf.slurm.SlurmConfig;
import io.jslurm.slurmctld.job.Allocation;
import io.jslurm.slurmctld.assoc.JobTres;
import io.jslurm.slurmctld.job.Job;
import io.jslurm.slurmctld.job.JobSpec;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The billing TRES of jobs: their partition's TRESBillingWeights (PriorityFlags=MAX_TRES taking the largest node
 * TRES) applied to what they were allocated, or their CPU count where the partition has no weights. Read from the
 * configuration in force, so scontrol reconfigure changes the bill of jobs from then on.
 */
public final class JobBilling {

    private final Supplier<SlurmConfig> config;

    public JobBilling(Supplier<SlurmConfig> config) {
        this.config = Objects.requireNonNull(config, "config");
    }

    /**
     * The billable amount of these resources in the partition.
     *
     * @param memoryMib memory of the whole job
     */
    public double billable(String partition, long cpus, long memoryMib, long nodes, long gpus) {
        Map<String, Long> tres = new HashMap<>();
        tres.put(TresName.CPU, cpus);
        tres.put(TresName.MEM, memoryMib);
        tres.put(TresName.NODE, nodes);
        tres.put("gres/gpu", gpus);
        return billable(partition, tres);
    }

    /** The billable amount of these TRES (memory in megabytes) in the partition. */
    public double billable(String partition, Map<String, Long> tres) {
        SlurmConfig slurm = config.get();
        BillingWeights weights = slurm.partition(partition).map(PartitionConfig::billingWeights)
                .orElse(BillingWeights.NONE);
        return weights.billable(tres, slurm.priority().flags().contains(PriorityFlag.MAX_TRES));
    }

    /** What the job's allocation costs per second of run time; 0 for a job without an allocation. */
    public double billable(Job job) {
        Allocation a = job.status().allocation();
        if (a.isEmpty()) {
            return 0;
        }
        return billable(job.spec().partition(), a.cpus(), a.memoryMiB() * a.nodeCount(), a.nodeCount(),
                JobAccounting.gpus(a.gres(), a.nodeCount()));
    }

    /**
     * The TRES a job counts against QOS and association limits: what it asks for ({@link JobTres}) with the billing
     * of that in its (first) partition, so that limits on {@code billing} apply.
     */
    public Map<String, Long> limitTres(JobSpec spec) {
        Map<String, Long> tres = new HashMap<>(JobTres.of(spec));
        tres.put(TresName.BILLING, BillingWeights.whole(billable(spec.partition().split(",")[0], tres)));
        return tres;
    }

    /** The billing TRES of the job's allocation as TRES strings show it ({@code billing=N}). */
    public long allocated(Job job) {
        return BillingWeights.whole(billable(job));
    }
}
