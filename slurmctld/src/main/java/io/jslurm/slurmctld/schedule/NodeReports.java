package io.jslurm.slurmctld.schedule;

import java.util.Collection;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The batch jobs each slurmd last said it runs (registration, heartbeat), less those it has reported ended since.
 * A job requeued while its node was unreachable may still run there when the node comes back; it must not be
 * started on that node again until the node has ended it, or it would run twice at once.
 */
public final class NodeReports {

    private final Map<String, Set<Long>> running = new ConcurrentHashMap<>();

    /** A registration or heartbeat listed these jobs (their batch scripts or steps) as running on the node. */
    public void reported(String node, Set<Long> jobIds) {
        Set<Long> jobs = ConcurrentHashMap.newKeySet();
        jobs.addAll(jobIds);
        running.put(node, jobs);
    }

    /** The node reported the end of the job's batch script. */
    public void ended(String node, long jobId) {
        Set<Long> jobs = running.get(node);
        if (jobs != null) {
            jobs.remove(jobId);
        }
    }

    /** The nodes among {@code nodes} whose slurmd still runs something of the job, as far as it last said. */
    public java.util.List<String> stillRunning(long jobId, Collection<String> nodes) {
        return nodes.stream().filter(node -> running.getOrDefault(node, Set.of()).contains(jobId)).toList();
    }
}
