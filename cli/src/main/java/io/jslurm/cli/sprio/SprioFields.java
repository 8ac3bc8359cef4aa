package io.jslurm.cli.sprio;

import io.jslurm.cli.format.Field;
import java.util.List;

/** sprio's {@code -o} letters. Upper case letters are weighted factors, lower case normalized ones. */
final class SprioFields {

    private SprioFields() {
    }

    /** The priority as a fraction of the largest possible one, as sprio -n prints it. */
    private static final double MAX_PRIORITY = 4_294_967_295.0;

    static final List<Field<PriorityRow>> ALL = List.of(
            new Field<>('i', "jobid", "JOBID", r -> r.isWeights() ? "Weights" : Integer.toUnsignedString(
                    r.job().getJobId())),
            new Field<>('r', "partition", "PARTITION", r -> r.isWeights() ? "" : r.job().getPartition()),
            new Field<>('u', "user", "USER", r -> r.isWeights() ? "" : r.job().getUserName()),
            new Field<>('c', "cluster", "CLUSTER", r -> ""),
            new Field<>('Y', "priority", "PRIORITY", r -> r.isWeights() ? "" : Long.toString(r.job().getPriority())),
            new Field<>('y', "priority_norm", "PRIORITY", r -> r.isWeights() ? ""
                    : String.format("%.8f", r.job().getPriority() / MAX_PRIORITY)),
            // No site factor plugin: every job's site factor is 0 and its weight 1, as Slurm shows it.
            new Field<>('S', "site", "SITE", r -> r.isWeights() ? "1" : "0"),
            new Field<>('A', "age", "AGE", r -> r.weighted(nz(r).getAge(), r.weights().getAge())),
            new Field<>('a', "age_norm", "AGE", r -> r.normalized(nz(r).getAge(), r.weights().getAge())),
            new Field<>('B', "assoc", "ASSOC", r -> r.weighted(nz(r).getAssoc(), r.weights().getAssoc())),
            new Field<>('b', "assoc_norm", "ASSOC", r -> r.normalized(nz(r).getAssoc(), r.weights().getAssoc())),
            new Field<>('F', "fairshare", "FAIRSHARE", r -> r.weighted(nz(r).getFairshare(),
                    r.weights().getFairshare())),
            new Field<>('f', "fairshare_norm", "FAIRSHARE", r -> r.normalized(nz(r).getFairshare(),
                    r.weights().getFairshare())),
            new Field<>('J', "jobsize", "JOBSIZE", r -> r.weighted(nz(r).getJobSize(), r.weights().getJobSize())),
            new Field<>('j', "jobsize_norm", "JOBSIZE", r -> r.normalized(nz(r).getJobSize(),
                    r.weights().getJobSize())),
            new Field<>('P', "partition_prio", "PARTITION", r -> r.weighted(nz(r).getPartitionFactor(),
                    r.weights().getPartition())),
            new Field<>('p', "partition_norm", "PARTITION", r -> r.normalized(nz(r).getPartitionFactor(),
                    r.weights().getPartition())),
            new Field<>('Q', "qos", "QOS", r -> r.weighted(nz(r).getQos(), r.weights().getQos())),
            new Field<>('q', "qos_norm", "QOS", r -> r.normalized(nz(r).getQos(), r.weights().getQos())),
            new Field<>('N', "nice", "NICE", r -> r.isWeights() ? "" : Integer.toString(r.job().getNice())),
            new Field<>('T', "tres", "TRES", r -> r.tres(true)),
            new Field<>('t', "tres_norm", "TRES", r -> r.tres(false)));

    private static io.jslurm.protocol.proto.JobPriorityFactors nz(PriorityRow row) {
        return row.isWeights() ? io.jslurm.protocol.proto.JobPriorityFactors.getDefaultInstance() : row.job();
    }
}
