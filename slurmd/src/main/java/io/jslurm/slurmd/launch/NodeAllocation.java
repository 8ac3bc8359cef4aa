package io.jslurm.slurmd.launch;

import io.jslurm.common.hostlist.Hostlist;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * What the job was given, seen from the node that runs its batch script.
 *
 * <p>Optional values are present only when the user asked for them ({@code -n} or
 * {@code --ntasks-per-node} for {@code ntasks}, {@code -c}, {@code --ntasks-per-node},
 * {@code --mem}, {@code --mem-per-cpu}), because Slurm exports the matching variables only then.
 *
 * @param nodeList       the job's nodes in allocation order
 * @param nodeName       this node; must be in {@code nodeList}
 * @param tasksPerNode   tasks on each node of {@code nodeList}, in its order
 * @param cpusOnNode     CPUs allocated to the job on this node
 * @param jobCpusPerNode CPUs allocated on each node of {@code nodeList}, in its order
 * @param gpus           GPU indices allocated to the job on this node (may be empty)
 * @param gpuRequest     the GPU options the job was submitted with
 */
public record NodeAllocation(
        Hostlist nodeList,
        String nodeName,
        OptionalInt ntasks,
        OptionalInt ntasksPerNode,
        List<Integer> tasksPerNode,
        OptionalInt cpusPerTask,
        int cpusOnNode,
        List<Integer> jobCpusPerNode,
        OptionalLong memPerNodeMib,
        OptionalLong memPerCpuMib,
        List<Integer> gpus,
        GpuRequest gpuRequest) {

    public NodeAllocation {
        Objects.requireNonNull(nodeList, "nodeList");
        Objects.requireNonNull(nodeName, "nodeName");
        Objects.requireNonNull(ntasks, "ntasks");
        Objects.requireNonNull(ntasksPerNode, "ntasksPerNode");
        Objects.requireNonNull(cpusPerTask, "cpusPerTask");
        Objects.requireNonNull(memPerNodeMib, "memPerNodeMib");
        Objects.requireNonNull(memPerCpuMib, "memPerCpuMib");
        Objects.requireNonNull(gpuRequest, "gpuRequest");
        tasksPerNode = List.copyOf(tasksPerNode);
        jobCpusPerNode = List.copyOf(jobCpusPerNode);
        gpus = List.copyOf(gpus);
        if (!nodeList.contains(nodeName)) {
            throw new IllegalArgumentException("node " + nodeName + " is not in the job's nodes " + nodeList);
        }
        if (tasksPerNode.size() != nodeList.size() || jobCpusPerNode.size() != nodeList.size()) {
            throw new IllegalArgumentException("tasks and CPUs per node need one count for each of the "
                    + nodeList.size() + " nodes: " + tasksPerNode + ", " + jobCpusPerNode);
        }
        if (cpusOnNode < 1) {
            throw new IllegalArgumentException("CPUs on node must be positive: " + cpusOnNode);
        }
        int memoryOptions = (memPerNodeMib.isPresent() ? 1 : 0) + (memPerCpuMib.isPresent() ? 1 : 0)
                + (gpuRequest.memPerGpuMib().isPresent() ? 1 : 0);
        if (memoryOptions > 1) {
            throw new IllegalArgumentException("--mem, --mem-per-cpu and --mem-per-gpu are mutually exclusive");
        }
    }

    public int numNodes() {
        return nodeList.size();
    }

    /** This node's position in the job's node list: SLURM_NODEID. */
    public int nodeIndex() {
        return nodeList.hosts().indexOf(nodeName);
    }
}
