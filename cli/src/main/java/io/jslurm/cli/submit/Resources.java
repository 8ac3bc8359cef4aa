package io.jslurm.cli.submit;

import io.jslurm.common.gres.GresSpec;
import io.jslurm.common.hostlist.Hostlist;
import io.jslurm.common.units.MemorySize;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What the job asks to be allocated, and where.
 *
 * @param ntasks         {@code -n}; derived as nodes times {@code --ntasks-per-node} when only those are given
 * @param gres           {@code --gres}: generic resources per node
 * @param gpus           {@code -G}: GPUs for the whole job, all of resource {@code gpu}
 * @param minCpusPerNode {@code --mincpus}
 * @param tmpDisk        {@code --tmp}: temporary disk space per node
 * @param exclusive      empty when the job may share nodes as the partition allows
 * @param oversubscribe  {@code -s}: the job may share resources with other jobs
 */
public record Resources(
        Optional<NodeCount> nodes,
        OptionalInt ntasks,
        OptionalInt ntasksPerNode,
        OptionalInt cpusPerTask,
        OptionalInt minCpusPerNode,
        OptionalInt ntasksPerGpu,
        Optional<MemoryRequest> memory,
        Optional<MemorySize> tmpDisk,
        Optional<GresSpec> gres,
        Optional<GresSpec> gpus,
        Optional<GresSpec> gpusPerNode,
        Optional<GresSpec> gpusPerTask,
        OptionalInt cpusPerGpu,
        Optional<Exclusivity> exclusive,
        boolean oversubscribe,
        boolean contiguous,
        Optional<Hostlist> nodelist,
        Optional<Hostlist> exclude,
        Optional<String> constraint,
        Optional<TaskDistribution> distribution,
        Optional<String> network) {

    public Resources {
        Objects.requireNonNull(nodes, "nodes is null");
        Objects.requireNonNull(ntasks, "ntasks is null");
        Objects.requireNonNull(ntasksPerNode, "ntasksPerNode is null");
        Objects.requireNonNull(cpusPerTask, "cpusPerTask is null");
        Objects.requireNonNull(minCpusPerNode, "minCpusPerNode is null");
        Objects.requireNonNull(ntasksPerGpu, "ntasksPerGpu is null");
        Objects.requireNonNull(memory, "memory is null");
        Objects.requireNonNull(tmpDisk, "tmpDisk is null");
        Objects.requireNonNull(gres, "gres is null");
        Objects.requireNonNull(gpus, "gpus is null");
        Objects.requireNonNull(gpusPerNode, "gpusPerNode is null");
        Objects.requireNonNull(gpusPerTask, "gpusPerTask is null");
        Objects.requireNonNull(cpusPerGpu, "cpusPerGpu is null");
        Objects.requireNonNull(exclusive, "exclusive is null");
        Objects.requireNonNull(nodelist, "nodelist is null");
        Objects.requireNonNull(exclude, "exclude is null");
        Objects.requireNonNull(constraint, "constraint is null");
        Objects.requireNonNull(distribution, "distribution is null");
        Objects.requireNonNull(network, "network is null");
    }
}
