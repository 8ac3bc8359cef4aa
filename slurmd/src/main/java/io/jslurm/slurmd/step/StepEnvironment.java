package io.jslurm.slurmd.step;

import io.jslurm.common.gres.GpuBind;
import io.jslurm.protocol.proto.StepLayout;
import io.jslurm.protocol.proto.StepNode;
import io.jslurm.slurmd.launch.RepeatedCounts;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The variables each task of a step gets on top of the environment srun sent: the step's shape, taken from the
 * layout the controller signed, and the task's own ids. SLURM_TASK_PID is set by the cgroup join before the task, since
 * only the task knows its pid.
 */
public final class StepEnvironment {

    private StepEnvironment() {
    }

    /**
     * @param nodeIndex this node's place in the layout (SLURM_NODEID)
     * @param localId   the task's place among this node's tasks (SLURM_LOCALID)
     */
    public static Map<String, String> forTask(StepLayout layout, int nodeIndex, int localId,
                                              Map<String, String> base) {
        return forTask(layout, nodeIndex, localId, base, false);
    }

    /**
     * @param devicesConfined the step's cgroup holds only its GPUs (ConstrainDevices): they show up
     *                        numbered from 0 in the step's order, as CUDA numbers what it can open
     */
    public static Map<String, String> forTask(StepLayout layout, int nodeIndex, int localId,
                                              Map<String, String> base, boolean devicesConfined) {
        return forTask(layout, nodeIndex, localId, base, devicesConfined, Optional.empty());
    }

    /**
     * @param gpuBind srun's --gpu-bind; without one, --gpus-per-task binds each task to its own GPUs
     */
    public static Map<String, String> forTask(StepLayout layout, int nodeIndex, int localId,
                                              Map<String, String> base, boolean devicesConfined,
                                              Optional<GpuBind> gpuBind) {
        return forTask(layout, nodeIndex, localId, base, devicesConfined, gpuBind, GpuAffinity.UNKNOWN);
    }

    /** @param affinity where the node's GPUs sit, for {@code --gpu-bind=closest} */
    public static Map<String, String> forTask(StepLayout layout, int nodeIndex, int localId,
                                              Map<String, String> base, boolean devicesConfined,
                                              Optional<GpuBind> gpuBind, GpuAffinity affinity) {
        Map<String, String> env = new TreeMap<>(base);
        StepNode node = layout.getNodes(nodeIndex);
        int procId = node.getTaskIds(localId);
        String stepId = Integer.toString(layout.getStepId());
        String ntasks = Integer.toString(layout.getNtasks());
        env.put("SLURM_JOB_ID", Integer.toUnsignedString(layout.getJobId()));
        env.put("SLURM_JOBID", Integer.toUnsignedString(layout.getJobId()));
        env.put("SLURM_STEP_ID", stepId);
        env.put("SLURM_STEPID", stepId);
        env.put("SLURM_STEP_NODELIST", layout.getNodeList());
        env.put("SLURM_STEP_NUM_NODES", Integer.toString(layout.getNodesCount()));
        env.put("SLURM_STEP_NUM_TASKS", ntasks);
        env.put("SLURM_STEP_TASKS_PER_NODE", tasksPerNode(layout));
        env.put("SLURM_NTASKS", ntasks);
        env.put("SLURM_NPROCS", ntasks);
        env.put("SLURM_NODEID", Integer.toString(nodeIndex));
        env.put("SLURM_PROCID", Integer.toString(procId));
        env.put("SLURM_LOCALID", Integer.toString(localId));
        env.put("SLURMD_NODENAME", node.getNodeName());
        env.put("SLURM_CPUS_PER_TASK", Integer.toString(Math.max(1, layout.getCpusPerTask())));
        if (node.getGpuIndicesCount() > 0) {
            List<Integer> stepGpus = node.getGpuIndicesList();
            TaskGpus mine = taskGpus(layout, nodeIndex, localId, devicesConfined, gpuBind, affinity);
            String devices = TaskGpus.joined(mine.visible(stepGpus, devicesConfined));
            // Slurm sets the task's own GPUs here once it binds tasks; unbound, that is all the step's.
            env.put("SLURM_STEP_GPUS", TaskGpus.joined(mine.global(stepGpus)));
            env.put("CUDA_VISIBLE_DEVICES", devices);
            env.put("GPU_DEVICE_ORDINAL", devices);
        } else if (base.containsKey("SLURM_JOB_GPUS")) {
            // srun ran in a job holding GPUs: these name the job's GPUs, none of which the step holds here.
            env.remove("CUDA_VISIBLE_DEVICES");
            env.remove("GPU_DEVICE_ORDINAL");
            env.remove("SLURM_STEP_GPUS");
        }
        return env;
    }

    /** The task's GPUs on its node: an explicit --gpu-bind, else per_task:N from --gpus-per-task, else all. */
    static TaskGpus taskGpus(StepLayout layout, int nodeIndex, int localId, boolean devicesConfined,
                             Optional<GpuBind> gpuBind, GpuAffinity affinity) {
        GpuBind bind = gpuBind.orElse(layout.getGpusPerTask() > 0 ? GpuBind.perTask(layout.getGpusPerTask())
                : new GpuBind(false, new GpuBind.None()));
        return TaskGpus.select(layout.getNodes(nodeIndex).getGpuIndicesList(), devicesConfined, bind, localId,
                layout.getNtasks(), affinity);
    }

    /** {@code SLURM_STEP_TASKS_PER_NODE}: the per-node task counts in Slurm's run-length form. */
    public static String tasksPerNode(StepLayout layout) {
        List<Integer> counts = layout.getNodesList().stream().map(StepNode::getTaskIdsCount).toList();
        return RepeatedCounts.format(counts);
    }

}
