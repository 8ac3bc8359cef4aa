package io.jslurm.sched.testing;

import io.jslurm.sched.model.CoreSet;
import io.jslurm.sched.model.GresDevice;
import io.jslurm.sched.model.Node;
import io.jslurm.sched.model.NodeState;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Reads as slurm.conf: {@code node("gpu01").sockets(2).coresPerSocket(64).memGiB(1024).gpus(8, "a100")}. */
public final class NodeBuilder {

    private final String name;
    private int sockets = 1;
    private int coresPerSocket = 8;
    private int threadsPerCore = 1;
    private long memoryMib = 16 * 1024;
    private final List<GresDevice> gres = new ArrayList<>();
    private final Set<String> features = new HashSet<>();
    private int weight = 1;
    private NodeState state = NodeState.UP;
    private String reason = "";
    private CoreSet allocatedCores = CoreSet.empty();
    private long allocatedMemory;
    private final Set<Integer> allocatedGpus = new HashSet<>();

    private NodeBuilder(String name) {
        this.name = name;
    }

    public static NodeBuilder node(String name) {
        return new NodeBuilder(name);
    }

    /** The seed cluster's node: 2 x 64 cores, 1 TiB, 8 a100 with GPUs 0-3 on socket 0 and 4-7 on socket 1. */
    public static NodeBuilder a100Node(String name) {
        return node(name).sockets(2).coresPerSocket(64).memGiB(1024).gpus(8, "a100");
    }

    public NodeBuilder sockets(int count) {
        sockets = count;
        return this;
    }

    public NodeBuilder coresPerSocket(int count) {
        coresPerSocket = count;
        return this;
    }

    public NodeBuilder threadsPerCore(int count) {
        threadsPerCore = count;
        return this;
    }

    public NodeBuilder memMiB(long mib) {
        memoryMib = mib;
        return this;
    }

    public NodeBuilder memGiB(long gib) {
        return memMiB(gib * 1024);
    }

    /** {@code count} GPUs spread evenly over the sockets, each bound to the cores of its socket. */
    public NodeBuilder gpus(int count, String type) {
        gres.clear();
        int perSocket = Math.max(1, count / sockets);
        for (int index = 0; index < count; index++) {
            int socket = Math.min(index / perSocket, sockets - 1);
            gres.add(new GresDevice(GresDevice.GPU, type, index,
                    CoreSet.range(socket * coresPerSocket, (socket + 1) * coresPerSocket)));
        }
        return this;
    }

    public NodeBuilder gpu(int index, String type, CoreSet affinity) {
        gres.add(new GresDevice(GresDevice.GPU, type, index, affinity));
        return this;
    }

    public NodeBuilder features(String... names) {
        features.addAll(List.of(names));
        return this;
    }

    public NodeBuilder weight(int value) {
        weight = value;
        return this;
    }

    public NodeBuilder state(NodeState value, String why) {
        state = value;
        reason = why;
        return this;
    }

    public NodeBuilder drained() {
        return state(NodeState.DRAINED, "maintenance");
    }

    public NodeBuilder down() {
        return state(NodeState.DOWN, "not responding");
    }

    public NodeBuilder allocated(CoreSet cores, long memoryMibUsed, Integer... gpuIndexes) {
        allocatedCores = allocatedCores.union(cores);
        allocatedMemory += memoryMibUsed;
        allocatedGpus.addAll(List.of(gpuIndexes));
        return this;
    }

    public String name() {
        return name;
    }

    public Node build() {
        return new Node(name, sockets, coresPerSocket, threadsPerCore, memoryMib, gres, features, weight, state,
                reason, allocatedCores, allocatedMemory, allocatedGpus);
    }
}
