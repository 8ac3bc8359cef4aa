package io.jslurm.sched.select;

import io.jslurm.sched.model.CoreSet;
import io.jslurm.sched.model.GresDevice;
import io.jslurm.sched.model.Node;
import io.jslurm.sched.model.NodeAllocation;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Chooses the exact cores and GPU devices for a job on one node. GPUs come from the socket that can hold both the
 * GPUs and the cores, so that the job's cores sit next to its devices (gres.conf Cores=); without GPUs the job goes
 * to the socket that fits it most tightly, keeping other sockets whole.
 */
final class CorePicker {

    private CorePicker() {
    }

    static NodeAllocation pick(JobShape job, NodeFree free, NodeDemand demand) {
        Node node = free.node();
        if (job.exclusive) {
            List<Integer> all = free.gpuDevices().stream().map(GresDevice::index).toList();
            return new NodeAllocation(node.name(), demand.tasks(), CoreSet.range(0, node.cores()), demand.memory(),
                    all);
        }
        int[] freeCores = freeCoresPerSocket(free);
        List<GresDevice> gpus = new ArrayList<>();
        List<Integer> socketOrder = new ArrayList<>();
        if (demand.gpus() > 0) {
            pickGpus(job, free, demand, freeCores, gpus, socketOrder);
        }
        for (int socket : coreSocketOrder(freeCores, demand.cores())) {
            if (!socketOrder.contains(socket)) {
                socketOrder.add(socket);
            }
        }
        BitSet cores = new BitSet();
        int needed = demand.cores();
        for (int socket : socketOrder) {
            int first = socket * node.coresPerSocket();
            for (int core = first; core < first + node.coresPerSocket() && needed > 0; core++) {
                if (free.coreFree(core)) {
                    cores.set(core);
                    needed--;
                }
            }
        }
        if (needed > 0) {
            throw new IllegalStateException(node.name() + ": " + demand.cores() + " cores asked, not free");
        }
        return new NodeAllocation(node.name(), demand.tasks(), CoreSet.copyOf(cores), demand.memory(),
                gpus.stream().map(GresDevice::index).toList());
    }

    private static void pickGpus(JobShape job, NodeFree free, NodeDemand demand, int[] freeCores,
            List<GresDevice> chosen, List<Integer> socketOrder) {
        Node node = free.node();
        List<GresDevice> usable = free.gpuDevices().stream()
                .filter(gpu -> free.gpuFree(gpu.index()) && gpu.matchesType(job.gpuType))
                .toList();
        int[] gpusPerSocket = new int[node.sockets()];
        for (GresDevice gpu : usable) {
            int socket = socketOf(node, gpu);
            if (socket >= 0) {
                gpusPerSocket[socket]++;
            }
        }
        Comparator<Integer> bySuitability = Comparator
                .comparing((Integer s) -> !(gpusPerSocket[s] >= demand.gpus() && freeCores[s] >= demand.cores()))
                .thenComparing(s -> -gpusPerSocket[s])
                .thenComparing(s -> -freeCores[s])
                .thenComparing(s -> s);
        List<Integer> sockets = IntStream.range(0, node.sockets()).boxed().sorted(bySuitability).toList();
        for (int socket : sockets) {
            for (GresDevice gpu : usable) {
                if (chosen.size() < demand.gpus() && socketOf(node, gpu) == socket) {
                    chosen.add(gpu);
                    if (!socketOrder.contains(socket)) {
                        socketOrder.add(socket);
                    }
                }
            }
        }
        for (GresDevice gpu : usable) {
            if (chosen.size() < demand.gpus() && socketOf(node, gpu) < 0) {
                chosen.add(gpu);
            }
        }
    }

    /** The socket of a device's affinity cores, or -1 when it has none. */
    private static int socketOf(Node node, GresDevice gpu) {
        return gpu.affinity().isEmpty() ? -1 : node.socketOf(gpu.affinity().stream().findFirst().getAsInt());
    }

    private static int[] freeCoresPerSocket(NodeFree free) {
        Node node = free.node();
        int[] counts = new int[node.sockets()];
        for (int core = 0; core < node.cores(); core++) {
            if (free.coreFree(core)) {
                counts[node.socketOf(core)]++;
            }
        }
        return counts;
    }

    /** The tightest socket that holds all the cores first; otherwise the emptiest sockets first. */
    private static List<Integer> coreSocketOrder(int[] freeCores, int needed) {
        Comparator<Integer> emptiestFirst = Comparator.comparing((Integer s) -> -freeCores[s]).thenComparing(s -> s);
        List<Integer> order = new ArrayList<>(IntStream.range(0, freeCores.length).boxed().sorted(emptiestFirst)
                .toList());
        IntStream.range(0, freeCores.length).filter(s -> freeCores[s] >= needed).boxed()
                .min(Comparator.comparing((Integer s) -> freeCores[s]).thenComparing(s -> s))
                .ifPresent(best -> {
                    order.remove(best);
                    order.add(0, best);
                });
        return order;
    }
}
