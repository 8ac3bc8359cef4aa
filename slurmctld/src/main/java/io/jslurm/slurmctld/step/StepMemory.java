package io.jslurm.slurmctld.step;

import io.jslurm.protocol.proto.JobStepCreateRequest;
import io.jslurm.sched.model.MemoryRequest;

/** The memory a step asks for in srun's request: --mem, --mem-per-cpu, --mem-per-gpu, or none. */
final class StepMemory {

    private StepMemory() {
    }

    /** {@code --mem=0} asks for what no asking gives: all the job's memory, taken from no other step. */
    static MemoryRequest of(JobStepCreateRequest r) {
        if (r.hasMemPerNodeMb()) {
            return r.getMemPerNodeMb() == 0 ? MemoryRequest.DEFAULT : new MemoryRequest.PerNode(r.getMemPerNodeMb());
        }
        if (r.hasMemPerCpuMb()) {
            return r.getMemPerCpuMb() == 0 ? MemoryRequest.DEFAULT : new MemoryRequest.PerCpu(r.getMemPerCpuMb());
        }
        if (r.hasMemPerGpuMb()) {
            return r.getMemPerGpuMb() == 0 ? MemoryRequest.DEFAULT : new MemoryRequest.PerGpu(r.getMemPerGpuMb());
        }
        return MemoryRequest.DEFAULT;
    }
}
