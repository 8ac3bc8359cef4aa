package io.jslurm.slurmctld.assoc;

import io.jslurm.slurmctld.job.GresRequest;
import io.jslurm.slurmctld.job.JobSpec;
import io.jslurm.slurmctld.job.ResourceRequest;
import java.util.HashMap;
import java.util.Map;

/**
 * The TRES a job counts against limits, from what it asked for with sbatch's defaults filled in (one node, one
 * task per node, one CPU per task): cpu, node, mem in MiB when asked for, and gres/NAME for each GRES.
 */
public final class JobTres {

    private JobTres() {
    }

    public static Map<String, Long> of(JobSpec spec) {
        ResourceRequest r = spec.resources();
        long nodes = Math.max(1, r.minNodes());
        long tasks = r.ntasks() > 0 ? r.ntasks() : r.ntasksPerNode() > 0 ? (long) r.ntasksPerNode() * nodes : nodes;
        long cpus = tasks * Math.max(1, r.cpusPerTask());
        Map<String, Long> tres = new HashMap<>();
        tres.put("cpu", cpus);
        tres.put("node", nodes);
        long gpus = 0;
        for (GresRequest g : r.gres()) {
            long count = switch (g.per()) {
                case NODE, SOCKET -> g.count() * nodes;
                case TASK -> g.count() * tasks;
                case JOB -> g.count();
            };
            if (count > 0) {
                tres.merge("gres/" + g.name(), count, Long::sum);
            }
            gpus += g.name().equals("gpu") ? count : 0;
        }
        long memory = switch (r.memory().per()) {
            case NONE -> 0;
            case NODE -> r.memory().mebibytes() * nodes;
            case CPU -> r.memory().mebibytes() * cpus;
            case GPU -> r.memory().mebibytes() * gpus;
        };
        if (memory > 0) {
            tres.put("mem", memory);
        }
        return tres;
    }
}
