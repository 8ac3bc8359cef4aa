package io.jslurm.sched.select;

import static java.util.Objects.requireNonNull;

import io.jslurm.sched.model.GresDevice;
import io.jslurm.sched.model.Node;
import io.jslurm.sched.model.NodeAllocation;
import java.util.BitSet;
import java.util.List;

/**
 * The free resources of one node: a working copy owned by one caller. The fit function only reads it; the
 * scheduler and the backfill map change their own copies as they plan.
 */
public final class NodeFree {

    private final Node node;
    /** The node's GPU devices, computed once and shared by every copy. */
    private final List<GresDevice> gpuDevices;
    private final int order;
    /** The node's, read by every evaluation: kept here so that it does not cost a read of the node as well. */
    private final int threadsPerCore;
    private final BitSet cores;
    /**
     * cores.cardinality(), asked for in every evaluation of the node; -1 where not known. Counted as soon as the
     * cores change (allocations, releases, narrowing), while their words are still in the cache: a view made by
     * narrowing is often first evaluated much later, and counting then cost a cache miss on the words per node.
     */
    private int freeCores = -1;
    private final BitSet gpus;
    /** gpus.cardinality(), counted as freeCores is. */
    private int freeGpus = -1;
    private long memory;
    private boolean idle;
    private final boolean stateCounts;
    /** From the node's state, which never changes in a snapshot: asked of every node in every fit. */
    private final boolean schedulable;
    /**
     * Only once a sharing job is involved (OverSubscribe): how many jobs use each core, and the used cores whose
     * every user shares. Null otherwise, so nodes without sharing pay nothing.
     */
    private int[] users;
    private BitSet sharedOnly;

    private NodeFree(Node node, List<GresDevice> gpuDevices, int order, BitSet cores, BitSet gpus, long memory,
            boolean idle, boolean stateCounts) {
        this.node = requireNonNull(node, "node is null");
        this.gpuDevices = gpuDevices;
        this.order = order;
        this.threadsPerCore = node.threadsPerCore();
        this.cores = cores;
        this.gpus = gpus;
        this.memory = memory;
        this.idle = idle;
        this.stateCounts = stateCounts;
        this.schedulable = !stateCounts || node.state().schedulable();
    }

    /** What is free on {@code node} now, per its allocated cores, memory and devices. */
    public static NodeFree of(Node node, int order) {
        BitSet cores = new BitSet();
        cores.set(0, node.cores());
        node.allocatedCores().stream().forEach(cores::clear);
        BitSet gpus = new BitSet();
        List<GresDevice> devices = node.gpus();
        for (GresDevice gpu : devices) {
            if (!node.allocatedGres().contains(gpu.index())) {
                gpus.set(gpu.index());
            }
        }
        return new NodeFree(node, devices, order, cores, gpus, node.memoryMib() - node.allocatedMemory(),
                node.idle(), true);
    }

    /**
     * The node with nothing allocated and its state ignored, for "could this ever fit" questions: a DOWN node may
     * come back, a node that lacks the GPUs never grows them.
     */
    public static NodeFree empty(Node node, int order) {
        BitSet cores = new BitSet();
        cores.set(0, node.cores());
        BitSet gpus = new BitSet();
        List<GresDevice> devices = node.gpus();
        devices.forEach(gpu -> gpus.set(gpu.index()));
        return new NodeFree(node, devices, order, cores, gpus, node.memoryMib(), true, false);
    }

    public NodeFree copy() {
        NodeFree copy = new NodeFree(node, gpuDevices, order, (BitSet) cores.clone(), (BitSet) gpus.clone(), memory,
                idle, stateCounts);
        copy.freeCores = freeCores;
        copy.freeGpus = freeGpus;
        if (users != null) {
            copy.users = users.clone();
            copy.sharedOnly = (BitSet) sharedOnly.clone();
        }
        return copy;
    }

    /**
     * Records how running jobs use the cores: {@code counts[c]} jobs on core c, all of them sharing when
     * {@code shareable} has c.
     */
    void shareState(int[] counts, BitSet shareable) {
        users = counts.clone();
        sharedOnly = (BitSet) shareable.clone();
    }

    /**
     * What a job allowed to share sees: free cores, plus cores used only by sharing jobs, fewer than
     * {@code maxShare} of them.
     */
    public NodeFree sharingView(int maxShare) {
        NodeFree view = copy();
        if (users != null) {
            for (int core = sharedOnly.nextSetBit(0); core >= 0; core = sharedOnly.nextSetBit(core + 1)) {
                if (users[core] < maxShare) {
                    view.cores.set(core);
                }
            }
            view.freeCores = -1;
        }
        return view;
    }

    private void ensureShareState() {
        if (users == null) {
            users = new int[node.cores()];
            sharedOnly = new BitSet();
            for (int core = 0; core < node.cores(); core++) {
                users[core] = cores.get(core) ? 0 : 1;
            }
        }
    }

    /** Whether a sharing job may take everything in {@code allocation} with up to {@code maxShare} jobs a core. */
    public boolean canHoldShared(NodeAllocation allocation, int maxShare) {
        return sharingView(maxShare).canHold(allocation);
    }

    /** Allocates for a sharing job: its cores stay usable by other sharing jobs. */
    public void allocateShared(NodeAllocation allocation) {
        ensureShareState();
        if (allocation.memoryMib() > memory || allocation.gpus().stream().anyMatch(gpu -> !gpus.get(gpu))) {
            throw new IllegalStateException(node.name() + ": " + allocation + " is not free");
        }
        allocation.cores().stream().filter(core -> core < node.cores()).forEach(core -> {
            if (!cores.get(core) && !sharedOnly.get(core)) {
                throw new IllegalStateException(node.name() + ": core " + core + " is held by a job that does not share");
            }
            if (cores.get(core)) {
                cores.clear(core);
                freeCores = -1;
                sharedOnly.set(core);
            }
            users[core]++;
        });
        allocation.gpus().forEach(gpus::clear);
        counted();
        memory -= allocation.memoryMib();
        idle = false;
    }

    /** Counts the free cores and GPUs again after a change (see {@link #freeCores}). */
    private void counted() {
        freeCores = cores.cardinality();
        freeGpus = gpus.cardinality();
    }

    public Node node() {
        return node;
    }

    public int threadsPerCore() {
        return threadsPerCore;
    }

    /** The node's position in slurm.conf order; the last tie-breaker everywhere. */
    public int order() {
        return order;
    }

    /** Whether the node's state decides if it takes work (false for the what-if views of {@link #empty}). */
    public boolean schedulable() {
        return schedulable;
    }

    public int freeCoreCount() {
        if (freeCores < 0) {
            freeCores = cores.cardinality();
        }
        return freeCores;
    }

    public boolean coreFree(int core) {
        return cores.get(core);
    }

    public boolean gpuFree(int index) {
        return gpus.get(index);
    }

    public long freeMemory() {
        return memory;
    }

    /** Nothing at all allocated: the condition for an exclusive job. */
    public boolean idle() {
        return idle;
    }

    public List<GresDevice> gpuDevices() {
        return gpuDevices;
    }

    public int freeGpuCount(String type) {
        if (type.isEmpty()) {
            if (freeGpus < 0) {
                freeGpus = gpus.cardinality();
            }
            return freeGpus;
        }
        int count = 0;
        for (GresDevice gpu : gpuDevices) {
            if (gpus.get(gpu.index()) && gpu.matchesType(type)) {
                count++;
            }
        }
        return count;
    }

    /** Whether everything in {@code allocation} is free here. */
    public boolean canHold(NodeAllocation allocation) {
        if (allocation.memoryMib() > memory) {
            return false;
        }
        if (allocation.cores().intersectsOutside(cores)) {
            return false;
        }
        for (int gpu : allocation.gpus()) {
            if (!gpus.get(gpu)) {
                return false;
            }
        }
        return true;
    }

    public void allocate(NodeAllocation allocation) {
        if (!canHold(allocation)) {
            throw new IllegalStateException(node.name() + ": " + allocation + " is not free");
        }
        allocation.cores().clearIn(cores);
        freeCores = -1;
        if (users != null) {
            allocation.cores().stream().filter(core -> core < node.cores()).forEach(core -> {
                users[core] = 1;
                sharedOnly.clear(core);
            });
        }
        allocation.gpus().forEach(gpus::clear);
        counted();
        memory -= allocation.memoryMib();
        idle = false;
    }

    /** Gives back what a job held; the node counts as idle again once everything is free. */
    public void release(NodeAllocation allocation) {
        allocation.cores().stream().filter(core -> core < node.cores()).forEach(core -> {
            if (users != null && users[core] > 1) {
                users[core]--;
                return;
            }
            cores.set(core);
            freeCores = -1;
            if (users != null) {
                users[core] = 0;
                sharedOnly.clear(core);
            }
        });
        allocation.gpus().forEach(gpus::set);
        counted();
        memory = Math.min(node.memoryMib(), memory + allocation.memoryMib());
        idle = freeCores == node.cores() && memory == node.memoryMib() && freeGpus == gpuDevices.size();
    }

    /** Keeps only what is free in both: availability over two stretches of time. */
    public void retainFree(NodeFree other) {
        cores.and(other.cores);
        gpus.and(other.gpus);
        counted();
        memory = Math.min(memory, other.memory);
        idle = idle && other.idle;
    }

    @Override
    public String toString() {
        return node.name() + "[free cores=" + cores.cardinality() + " mem=" + memory + "M gpus=" + gpus + "]";
    }
}
