package io.jslurm.slurmd.daemon;

import io.jslurm.conf.cgroup.CgroupConfig;
import io.jslurm.protocol.proto.AllocatedNode;
import io.jslurm.protocol.proto.Gpu;
import io.jslurm.protocol.proto.LaunchBatchJob;
import io.jslurm.slurmd.cgroup.CgroupLimits;
import io.jslurm.slurmd.cgroup.DeviceRules;
import io.jslurm.slurmd.cgroup.MemoryLimit;
import io.jslurm.common.cpu.IdSet;
import io.jslurm.slurmd.hw.CpuTopology;
import io.jslurm.slurmd.hw.LogicalCpu;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The cgroup limits of a job on this node, from its allocation and cgroup.conf: the CPUs of the
 * cores it was given (all of the node's when the controller names none), their memory nodes, its
 * memory, and the GPUs it was not given denied.
 */
final class JobConfinement {
    private final CgroupConfig config;
    private final CpuTopology topology;
    private final long realMemoryMb;
    private final List<Gpu> gpus;

    JobConfinement(CgroupConfig config, CpuTopology topology, long realMemoryMb, List<Gpu> gpus) {
        this.config = Objects.requireNonNull(config, "config");
        this.topology = Objects.requireNonNull(topology, "topology");
        this.realMemoryMb = realMemoryMb;
        this.gpus = List.copyOf(gpus);
    }

    CgroupLimits limitsFor(LaunchBatchJob request, String nodeName) {
        Optional<AllocatedNode> here = request.getAllocatedNodesList().stream()
                .filter(node -> node.getNodeName().equals(nodeName)).findFirst();
        List<Integer> givenGpus = here.map(AllocatedNode::getGpuIndicesList).filter(list -> !list.isEmpty())
                .orElse(request.getGpuIndicesList());
        long memoryMb = here.map(AllocatedNode::getMemMb).filter(mb -> mb > 0).orElse(request.getMemLimitMb());
        return limitsForJob(here.map(AllocatedNode::getCores).orElse(""), memoryMb, givenGpus);
    }

    /**
     * The job's cgroup limits from its allocation on this node, whichever way the job came (a batch launch, or the
     * first step of a job without a batch script here, as salloc's and a lone srun's).
     *
     * @param cores      the machine core ids given to the job here (an IdSet list); empty means all the node's
     * @param memoryMb   the job's memory here; 0 when it has none
     * @param gpuIndices the job's GPUs here
     */
    CgroupLimits limitsForJob(String cores, long memoryMb, List<Integer> gpuIndices) {
        IdSet cpus = cores.isEmpty() ? topology.allCpus() : cpusOfCores(cores);
        IdSet mems = IdSet.of(topology.cpus().stream().filter(cpu -> cpus.contains(cpu.id()))
                .mapToInt(LogicalCpu::numaNode).distinct());
        List<Path> allocated = gpuIndices.stream().map(index -> NodeGpus.deviceFile(gpus, index))
                .flatMap(Optional::stream).toList();
        return CgroupLimits.forJob(config, cpus, mems, memoryMb, realMemoryMb,
                config.constrainDevices() ? DeviceRules.denyUnallocated(NodeGpus.deviceFiles(gpus), allocated) : List.of());
    }

    /**
     * A step's cgroup: its own memory limit, derived from the step's memory on this node as the job's is from the
     * job's (ConstrainRAMSpace/ConstrainSwapSpace), so a step that outgrows its share is OOM-killed alone; and with
     * ConstrainDevices, the node's GPUs but the step's denied.
     *
     * @param memoryMb the step's memory here; the controller sends the job's for a step that asked for none
     *                 (Slurm's "mem zero"), and 0 when the job has no memory either, which leaves the step bounded
     *                 by the job's cgroup alone
     */
    CgroupLimits limitsForStep(List<Integer> stepGpus, long memoryMb) {
        CgroupLimits limits = memoryMb > 0
                ? CgroupLimits.NONE.withMemory(MemoryLimit.forJob(config, memoryMb, realMemoryMb))
                : CgroupLimits.NONE;
        if (!config.constrainDevices()) {
            return limits;
        }
        List<Path> allocated = stepGpus.stream().map(index -> NodeGpus.deviceFile(gpus, index))
                .flatMap(Optional::stream).toList();
        return limits.withDeniedDevices(DeviceRules.denyUnallocated(NodeGpus.deviceFiles(gpus), allocated));
    }

    boolean constrainsDevices() {
        return config.constrainDevices();
    }

    private IdSet cpusOfCores(String coreList) {
        return topology.cpusOfCores(IdSet.parse(coreList));
    }
}
