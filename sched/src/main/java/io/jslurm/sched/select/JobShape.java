package io.jslurm.sched.select;

import static java.util.Objects.requireNonNull;

import io.jslurm.sched.model.GpuRequest;
import io.jslurm.sched.model.MemoryRequest;
import io.jslurm.sched.model.Node;
import io.jslurm.sched.model.OverSubscribe;
import io.jslurm.sched.model.Partition;
import io.jslurm.sched.model.ResourceRequest;

/**
 * A job's request with the partition's and slurm.conf's rules applied: what each task and each node needs.
 * MaxMemPerCPU turns excess memory per CPU into more CPUs per task, as Slurm does; a node list longer than the
 * node count raises the node count, and every node gets at least one task.
 */
final class JobShape {

    final ResourceRequest request;
    final SelectParams params;
    final boolean exclusive;
    /** May share cores with other sharing jobs: OverSubscribe=FORCE, or YES and the job asked. */
    final boolean shares;
    final int maxShare;
    final int ntasks;
    final int minNodes;
    final int maxNodes;
    final int cpusPerTask;
    final MemoryRequest memory;
    final String gpuType;

    JobShape(ResourceRequest request, Partition partition, SelectParams params) {
        this.request = requireNonNull(request, "request is null");
        this.params = requireNonNull(params, "params is null");
        this.exclusive = request.exclusive() || partition.overSubscribe() == OverSubscribe.EXCLUSIVE;
        this.shares = !exclusive && (partition.overSubscribe() == OverSubscribe.FORCE
                || partition.overSubscribe() == OverSubscribe.YES && request.oversubscribe());
        this.maxShare = partition.maxShare();
        int nodes = Math.max(request.minNodes(), request.requiredNodes().size());
        if (request.ntasksPerNode().isPresent()) {
            nodes = Math.max(nodes, ceilDiv(request.ntasks(), request.ntasksPerNode().getAsInt()));
        }
        this.minNodes = nodes;
        this.maxNodes = Math.max(request.maxNodes(), nodes);
        this.ntasks = Math.max(request.ntasks(), nodes);
        this.gpuType = request.gpus().type();
        MemoryRequest asked = request.memory();
        if (asked instanceof MemoryRequest.PerCpu perCpu && params.maxMemPerCpu().isPresent()
                && perCpu.mib() > params.maxMemPerCpu().getAsLong()) {
            long max = params.maxMemPerCpu().getAsLong();
            int factor = (int) ceilDiv(perCpu.mib(), max);
            this.cpusPerTask = request.cpusPerTask() * factor;
            this.memory = new MemoryRequest.PerCpu(ceilDiv(perCpu.mib(), factor));
        } else {
            this.cpusPerTask = request.cpusPerTask();
            this.memory = asked;
        }
    }

    int totalGpus() {
        return request.gpus() instanceof GpuRequest.Total total ? total.count() : 0;
    }

    boolean gpusPerJob() {
        return request.gpus() instanceof GpuRequest.Total;
    }

    /** GPUs a node needs for {@code tasks} tasks, apart from a whole-job --gpus count. */
    int gpusFor(int tasks) {
        GpuRequest gpus = request.gpus();
        if (gpus instanceof GpuRequest.PerTask perTask) {
            return perTask.count() * tasks;
        }
        if (gpus instanceof GpuRequest.PerNode perNode) {
            return perNode.count();
        }
        return 0;
    }

    /**
     * What {@code tasks} tasks with {@code gpus} GPUs take on {@code free}'s node. Takes the node's free resources
     * rather than the node: they carry its threads per core, so that the usual request reads that one object only.
     */
    NodeDemand demand(NodeFree free, int tasks, int gpus) {
        if (exclusive) {
            Node node = free.node();
            return new NodeDemand(tasks, node.cores(), params.type().tracksMemory() ? node.memoryMib() : 0, gpus);
        }
        int threads = free.threadsPerCore();
        long taskCores = params.type().countsCpus()
                ? ceilDiv((long) tasks * cpusPerTask, threads)
                : (long) tasks * ceilDiv(cpusPerTask, threads);
        long gpuCores = ceilDiv((long) gpus * request.cpusPerGpu(), threads);
        long needed = Math.max(taskCores, gpuCores);
        if (params.type().wholeSockets()) {
            // CR_Socket: whole sockets, so that no other job shares one; memory per CPU counts all of them.
            int perSocket = Math.max(1, free.node().coresPerSocket());
            needed = ceilDiv(needed, perSocket) * perSocket;
        }
        int cores = (int) Math.min(Integer.MAX_VALUE, needed);
        return new NodeDemand(tasks, cores, memory(free, (long) cores * threads, gpus), gpus);
    }

    /**
     * The most tasks whose own cores ({@link #demand} without the cores for GPUs) fit into the free cores of
     * {@code free}: a necessary condition, since a node's demand takes at least those cores. Unbounded for an
     * exclusive job, which takes every core whatever its task count.
     */
    int taskBoundByCores(NodeFree free) {
        if (exclusive) {
            return Integer.MAX_VALUE;
        }
        int freeCores = free.freeCoreCount();
        int threads = free.threadsPerCore();
        long bound = params.type().countsCpus()
                ? (long) freeCores * threads / cpusPerTask
                : freeCores / ceilDiv(cpusPerTask, threads);
        return (int) Math.min(Integer.MAX_VALUE, bound);
    }

    private long memory(NodeFree free, long cpus, int gpus) {
        if (!params.type().tracksMemory()) {
            return 0;
        }
        if (memory instanceof MemoryRequest.PerNode perNode) {
            return perNode.mib() == 0 ? free.node().memoryMib() : perNode.mib();
        }
        if (memory instanceof MemoryRequest.PerCpu perCpu) {
            return perCpu.mib() * cpus;
        }
        if (memory instanceof MemoryRequest.PerGpu perGpu) {
            return perGpu.mib() * gpus;
        }
        if (params.defMemPerCpu().isPresent()) {
            return params.defMemPerCpu().getAsLong() * cpus;
        }
        if (gpus > 0 && params.defMemPerGpu().isPresent()) {
            return params.defMemPerGpu().getAsLong() * gpus;
        }
        return free.node().memoryMib();
    }

    static long ceilDiv(long a, long b) {
        return (a + b - 1) / b;
    }

    static int ceilDiv(int a, int b) {
        return (a + b - 1) / b;
    }
}
