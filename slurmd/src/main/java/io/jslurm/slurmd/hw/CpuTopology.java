package io.jslurm.slurmd.hw;

import io.jslurm.common.cpu.IdSet;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Which logical CPUs belong to which core and socket, and the node's shape as slurm.conf states it
 * (Boards, SocketsPerBoard, CoresPerSocket, ThreadsPerCore, CPUs).
 *
 * <p>Cores get Slurm's abstract numbering: sockets in package id order, cores within a socket in
 * core id order. The shape figures divide totals as Slurm does, so an uneven machine (a core with
 * a thread offline) still reports whole numbers.
 */
public final class CpuTopology {
    private final List<LogicalCpu> cpus;
    private final List<Core> cores;
    private final List<Integer> packageIds;
    private final Map<Integer, Core> coreOfCpu;

    public CpuTopology(List<LogicalCpu> cpus) {
        Objects.requireNonNull(cpus, "cpus");
        if (cpus.isEmpty()) {
            throw new IllegalArgumentException("a node has at least one CPU");
        }
        List<LogicalCpu> sorted = cpus.stream().sorted(Comparator.comparingInt(LogicalCpu::id)).toList();
        Set<Integer> seen = new HashSet<>();
        for (LogicalCpu cpu : sorted) {
            if (!seen.add(cpu.id())) {
                throw new IllegalArgumentException("CPU " + cpu.id() + " listed twice");
            }
        }
        this.cpus = sorted;
        this.packageIds = sorted.stream().map(LogicalCpu::packageId).distinct().sorted().toList();

        SortedMap<Long, List<Integer>> threadsByCore = new TreeMap<>();
        for (LogicalCpu cpu : sorted) {
            long key = ((long) cpu.packageId() << 32) | cpu.coreId();
            threadsByCore.computeIfAbsent(key, k -> new ArrayList<>()).add(cpu.id());
        }
        List<Core> coreList = new ArrayList<>();
        Map<Integer, Core> byCpu = new TreeMap<>();
        for (Map.Entry<Long, List<Integer>> entry : threadsByCore.entrySet()) {
            int packageId = (int) (entry.getKey() >>> 32);
            int coreId = (int) (entry.getKey() & 0xffffffffL);
            Core core = new Core(coreList.size(), packageIds.indexOf(packageId), packageId, coreId,
                    IdSet.of(entry.getValue().stream().mapToInt(Integer::intValue)));
            coreList.add(core);
            entry.getValue().forEach(id -> byCpu.put(id, core));
        }
        this.cores = List.copyOf(coreList);
        this.coreOfCpu = Map.copyOf(byCpu);
    }

    public List<LogicalCpu> cpus() {
        return cpus;
    }

    public List<Core> cores() {
        return cores;
    }

    public int cpuCount() {
        return cpus.size();
    }

    /** Slurm reports one board on every machine it detects through hwloc without board objects. */
    public int boards() {
        return 1;
    }

    public int socketsPerBoard() {
        return packageIds.size() / boards();
    }

    public int coresPerSocket() {
        return cores.size() / packageIds.size();
    }

    public int threadsPerCore() {
        return cpus.size() / cores.size();
    }

    public IdSet allCpus() {
        return IdSet.of(cpus.stream().mapToInt(LogicalCpu::id));
    }

    /** The logical CPUs of the cores with these indexes (as gres.conf's Cores= and allocations count them). */
    public IdSet cpusOfCores(IdSet coreIndexes) {
        return IdSet.of(coreIndexes.stream().filter(index -> index < cores.size())
                .flatMap(index -> cores.get(index).cpus().stream()));
    }

    /** How many sockets the node has. */
    public int socketCount() {
        return packageIds.size();
    }

    /** The logical CPUs of the socket with this index (0 is the lowest package id). */
    public IdSet cpusOfSocket(int socketIndex) {
        if (socketIndex < 0 || socketIndex >= packageIds.size()) {
            throw new IllegalArgumentException("no socket " + socketIndex + " on a node with " + packageIds.size());
        }
        return IdSet.of(cores.stream().filter(c -> c.socketIndex() == socketIndex)
                .flatMapToInt(c -> c.cpus().stream()));
    }

    public Core coreOf(int cpuId) {
        Core core = coreOfCpu.get(cpuId);
        if (core == null) {
            throw new IllegalArgumentException("no CPU " + cpuId + " on this node");
        }
        return core;
    }

    /** Abstract indexes of the cores that have at least one CPU in the set (CPUs not on this node are ignored). */
    public SortedSet<Integer> coreIndexesOf(IdSet cpuSet) {
        return cpuSet.stream().filter(coreOfCpu::containsKey).mapToObj(id -> coreOfCpu.get(id).index())
                .collect(Collectors.toCollection(TreeSet::new));
    }

    /** The logical CPUs of each NUMA node, by node number. */
    public SortedMap<Integer, IdSet> numaNodes() {
        SortedMap<Integer, IdSet> nodes = new TreeMap<>();
        cpus.stream().collect(Collectors.groupingBy(LogicalCpu::numaNode, TreeMap::new, Collectors.toList()))
                .forEach((node, members) -> nodes.put(node, IdSet.of(members.stream().mapToInt(LogicalCpu::id))));
        return nodes;
    }

    /**
     * Machine CPU ids in Slurm's abstract CPU order (core by core, threads of a core in id order):
     * element {@code i} is the kernel id of abstract CPU {@code i}.
     */
    public List<Integer> machineIdsInAbstractOrder() {
        return cores.stream().flatMap(c -> c.cpus().stream().boxed()).toList();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CpuTopology other && cpus.equals(other.cpus);
    }

    @Override
    public int hashCode() {
        return cpus.hashCode();
    }

    @Override
    public String toString() {
        return "CpuTopology[CPUs=" + cpuCount() + " Boards=" + boards() + " SocketsPerBoard=" + socketsPerBoard()
                + " CoresPerSocket=" + coresPerSocket() + " ThreadsPerCore=" + threadsPerCore() + "]";
    }
}
