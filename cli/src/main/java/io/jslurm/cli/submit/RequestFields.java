package io.jslurm.cli.submit;

import io.jslurm.protocol.proto.Exclusive;
import io.jslurm.protocol.proto.JobDescription;

/**
 * {@link Resources} as the fields of the controller's {@code JobDescription}, in generated classes: for sbatch's
 * reference request ({@code SubmitRequests}, which sbatch's hand encoding must match byte for byte) and for the
 * allocations salloc and srun create. sbatch itself never loads this class: protobuf-java costs its start-up.
 */
public final class RequestFields {

    private RequestFields() {
    }

    /** Sets every field {@code r} asks for; {@code oversubscribe} and {@code contiguous} are always set. */
    public static void resources(JobDescription.Builder d, Resources r) {
        r.nodes().ifPresent(nodes -> {
            d.setMinNodes(nodes.min());
            nodes.maximum().ifPresent(d::setMaxNodes);
        });
        r.ntasks().ifPresent(d::setNtasks);
        r.ntasksPerNode().ifPresent(d::setNtasksPerNode);
        r.cpusPerTask().ifPresent(d::setCpusPerTask);
        r.minCpusPerNode().ifPresent(d::setMinCpusPerNode);
        r.ntasksPerGpu().ifPresent(d::setNtasksPerGpu);
        r.memory().ifPresent(memory -> {
            long mb = memory.size().mebibytes();
            if (memory instanceof MemoryRequest.PerNode) {
                d.setMemPerNodeMb(mb);
            } else if (memory instanceof MemoryRequest.PerCpu) {
                d.setMemPerCpuMb(mb);
            } else {
                d.setMemPerGpuMb(mb);
            }
        });
        r.tmpDisk().ifPresent(size -> d.setTmpDiskPerNodeMb(size.mebibytes()));
        r.gres().ifPresent(gres -> d.setGres(gres.toString()));
        r.gpus().ifPresent(gpus -> d.setGpus(gpus.toString()));
        r.gpusPerNode().ifPresent(gpus -> d.setGpusPerNode(gpus.toString()));
        r.gpusPerTask().ifPresent(gpus -> d.setGpusPerTask(gpus.toString()));
        r.cpusPerGpu().ifPresent(d::setCpusPerGpu);
        r.exclusive().ifPresent(e -> d.setExclusive(e == Exclusivity.USER ? Exclusive.EXCLUSIVE_USER
                : e == Exclusivity.MCS ? Exclusive.EXCLUSIVE_MCS : Exclusive.EXCLUSIVE_NODE));
        d.setOversubscribe(r.oversubscribe());
        d.setContiguous(r.contiguous());
        r.nodelist().ifPresent(list -> d.setNodelist(list.ranged()));
        r.exclude().ifPresent(list -> d.setExclude(list.ranged()));
        r.constraint().ifPresent(d::setConstraint);
        r.distribution().ifPresent(dist -> d.setDistribution(dist.text()));
    }
}
