package io.jslurm.conf.slurm;

import io.jslurm.conf.parse.ConfPair;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Everything slurm.conf says that the daemons act on.
 *
 * @param controllers the primary first, then backups in takeover order
 * @param settings    every key set in the file, by canonical spelling, with its value as written and where,
 *                    for {@code scontrol show config} and for messages that point at a setting
 */
public record SlurmConfig(String clusterName, List<ControllerHost> controllers, AuthPlugin authType,
                          PortRange slurmctldPort, int slurmdPort, String slurmUser, String slurmdUser,
                          DebugLevel slurmctldDebug, DebugLevel slurmdDebug, SchedulingConfig scheduling,
                          PriorityConfig priority, AccountingConfig accounting, List<String> gresTypes,
                          DaemonPaths paths, Timers timers, JobLimits limits, JobLaunchConfig launch,
                          List<NodeConfig> nodes, List<PartitionConfig> partitions, List<NodeSet> nodeSets,
                          List<DownNodes> downNodes, Map<String, ConfPair> settings) {

    public SlurmConfig {
        Objects.requireNonNull(clusterName, "clusterName");
        controllers = List.copyOf(controllers);
        Objects.requireNonNull(authType, "authType");
        Objects.requireNonNull(slurmctldPort, "slurmctldPort");
        Objects.requireNonNull(slurmUser, "slurmUser");
        Objects.requireNonNull(slurmdUser, "slurmdUser");
        Objects.requireNonNull(slurmctldDebug, "slurmctldDebug");
        Objects.requireNonNull(slurmdDebug, "slurmdDebug");
        Objects.requireNonNull(scheduling, "scheduling");
        Objects.requireNonNull(priority, "priority");
        Objects.requireNonNull(accounting, "accounting");
        gresTypes = List.copyOf(gresTypes);
        Objects.requireNonNull(paths, "paths");
        Objects.requireNonNull(timers, "timers");
        Objects.requireNonNull(limits, "limits");
        Objects.requireNonNull(launch, "launch");
        nodes = List.copyOf(nodes);
        partitions = List.copyOf(partitions);
        nodeSets = List.copyOf(nodeSets);
        downNodes = List.copyOf(downNodes);
        settings = Map.copyOf(settings);
    }

    /** The same configuration with other partitions: what {@code scontrol update partition} leaves in force. */
    public SlurmConfig withPartitions(List<PartitionConfig> replaced) {
        return new SlurmConfig(clusterName, controllers, authType, slurmctldPort, slurmdPort, slurmUser, slurmdUser,
                slurmctldDebug, slurmdDebug, scheduling, priority, accounting, gresTypes, paths, timers, limits, launch,
                nodes, replaced, nodeSets, downNodes, settings);
    }

    public Optional<NodeConfig> node(String name) {
        return nodes.stream().filter(node -> node.name().equals(name)).findFirst();
    }

    // Plain loops: the controller looks partitions up for every submission and every pending job of every
    // scheduling pass, and a stream pipeline per lookup was a tenth of what a pass allocated.
    public Optional<PartitionConfig> partition(String name) {
        for (PartitionConfig partition : partitions) {
            if (partition.name().equals(name)) {
                return Optional.of(partition);
            }
        }
        return Optional.empty();
    }

    public Optional<PartitionConfig> defaultPartition() {
        for (PartitionConfig partition : partitions) {
            if (partition.isDefault()) {
                return Optional.of(partition);
            }
        }
        return Optional.empty();
    }
}
