package io.jslurm.slurmctld.fairshare;

import io.jslurm.slurmctld.job.GresRequest;
import io.jslurm.slurmctld.job.JobSpec;
import java.util.List;

/** What a job asks for, counted the way squeue's TRES string and the priority factors count it. */
public final class RequestedTres {

    private RequestedTres() {
    }

    public static int cpus(JobSpec spec) {
        var r = spec.resources();
        int nodes = nodes(spec);
        int tasks = r.ntasks() > 0 ? r.ntasks() : r.ntasksPerNode() > 0 ? r.ntasksPerNode() * nodes : nodes;
        return tasks * Math.max(1, r.cpusPerTask());
    }

    public static int nodes(JobSpec spec) {
        return Math.max(1, spec.resources().minNodes());
    }

    public static long gpus(List<GresRequest> gres) {
        return gres.stream().filter(g -> g.name().equals("gpu")).mapToLong(GresRequest::count).sum();
    }
}
