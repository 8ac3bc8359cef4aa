package io.jslurm.slurmctld.state;

import io.jslurm.slurmctld.job.GresRequest;
import io.jslurm.slurmctld.job.JobSpec;
import io.jslurm.slurmctld.job.MemoryRequest;
import io.jslurm.slurmctld.job.ResourceRequest;
import io.jslurm.common.time.TimeLimit;
import java.util.List;
import java.util.Optional;

/** Requests shaped like the batch jobs of a GPU training cluster. */
final class SampleJobs {

    private SampleJobs() {
    }

    static JobSpec training(String name) {
        return JobSpec.builder("alice", 1000, 1000)
                .name(name)
                .account("ml-research")
                .partition("gpu")
                .qos("normal")
                .resources(ResourceRequest.DEFAULT
                        .withNodes(4, 4)
                        .withTasks(32, 8, 12)
                        .withMemory(MemoryRequest.perGpu(80 * 1024))
                        .withGres(List.of(GresRequest.gpusPerNode("h100", 8)))
                        .withTimeLimit(Optional.of(TimeLimit.ofMinutes(48 * 60)), Optional.empty()))
                .script("#!/bin/bash\n#SBATCH -N 4\n#SBATCH --gres=gpu:h100:8\nsrun python train.py --config "
                        + name + ".yaml\n")
                .environment(List.of("PATH=/usr/bin:/bin", "HOME=/home/alice", "CUDA_DEVICE_ORDER=PCI_BUS_ID"))
                .workDir("/home/alice/runs")
                .stdOut("slurm-%j.out")
                .signal("B:USR1@90")
                .comment("nightly")
                .constraint("h100&ib")
                .build();
    }
}
