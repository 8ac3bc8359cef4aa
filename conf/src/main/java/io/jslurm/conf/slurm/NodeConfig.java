package io.jslurm.conf.slurm;

import io.jslurm.common.cpu.IdSet;
import io.jslurm.common.gres.GresSpec;
import io.jslurm.common.units.MemorySize;
import io.jslurm.conf.Location;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One node as slurm.conf defines it, after {@code NodeName=DEFAULT} values were applied and the
 * hostlist was expanded.
 *
 * @param sockets      sockets on the whole node (all boards)
 * @param realMemory   memory usable by jobs
 * @param memSpecLimit memory kept back for slurmd and the system
 * @param port         the slurmd port for this node, or 0 for the cluster's {@code SlurmdPort}
 */
public record NodeConfig(String name, String hostname, String address, int cpus, int boards, int sockets,
                         int coresPerSocket, int threadsPerCore, MemorySize realMemory, MemorySize tmpDisk,
                         GresSpec gres, List<String> features, int weight, NodeStateSetting state,
                         Optional<String> reason, int port, MemorySize memSpecLimit, IdSet cpuSpecList,
                         int coreSpecCount, Location location) {

    public NodeConfig {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(hostname, "hostname");
        Objects.requireNonNull(address, "address");
        Objects.requireNonNull(realMemory, "realMemory");
        Objects.requireNonNull(tmpDisk, "tmpDisk");
        Objects.requireNonNull(gres, "gres");
        features = List.copyOf(features);
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(memSpecLimit, "memSpecLimit");
        Objects.requireNonNull(cpuSpecList, "cpuSpecList");
        Objects.requireNonNull(location, "location");
    }

    public int cores() {
        return sockets * coresPerSocket;
    }

    /** This node with other features ({@code scontrol update NodeName=... Features=}, until a reconfigure). */
    public NodeConfig withFeatures(List<String> newFeatures) {
        return new NodeConfig(name, hostname, address, cpus, boards, sockets, coresPerSocket, threadsPerCore,
                realMemory, tmpDisk, gres, newFeatures, weight, state, reason, port, memSpecLimit, cpuSpecList,
                coreSpecCount, location);
    }

    /** This node with another scheduling weight ({@code scontrol update NodeName=... Weight=}, until a reconfigure). */
    public NodeConfig withWeight(int newWeight) {
        return new NodeConfig(name, hostname, address, cpus, boards, sockets, coresPerSocket, threadsPerCore,
                realMemory, tmpDisk, gres, features, newWeight, state, reason, port, memSpecLimit, cpuSpecList,
                coreSpecCount, location);
    }
}
