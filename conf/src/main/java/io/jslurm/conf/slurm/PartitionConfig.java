package io.jslurm.conf.slurm;

import io.jslurm.common.hostlist.Hostlist;
import io.jslurm.common.time.TimeLimit;
import io.jslurm.conf.Location;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * One partition as slurm.conf defines it, after {@code PartitionName=DEFAULT} values were applied.
 *
 * @param nodes       member nodes, node sets and {@code ALL} resolved, in Slurm's node order
 * @param allowGroups {@code ["ALL"]} when every group may use it; likewise accounts and QOS
 * @param maxNodes    empty when unlimited
 * @param memory      limits set on the partition; unset ones fall back to the cluster's
 * @param preemptMode empty when the cluster's {@code PreemptMode} applies
 * @param graceTime   GraceTime: how long a preempted job of this partition has between SIGTERM and its end
 * @param billingWeights TRESBillingWeights: how a job of this partition is billed (its CPUs when empty)
 */
public record PartitionConfig(String name, Hostlist nodes, boolean isDefault, TimeLimit maxTime,
                              Optional<TimeLimit> defaultTime, int minNodes, OptionalInt maxNodes,
                              List<String> allowGroups, List<String> allowAccounts, List<String> allowQos,
                              List<String> denyAccounts, List<String> denyQos, int priorityTier,
                              int priorityJobFactor, OverSubscribe overSubscribe, PartitionState state,
                              MemoryLimits memory,
                              Set<PreemptMode> preemptMode, Optional<String> qos, boolean hidden,
                              boolean exclusiveUser, Location location, java.time.Duration graceTime,
                              io.jslurm.common.tres.BillingWeights billingWeights) {

    public PartitionConfig {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(nodes, "nodes");
        Objects.requireNonNull(maxTime, "maxTime");
        Objects.requireNonNull(defaultTime, "defaultTime");
        Objects.requireNonNull(maxNodes, "maxNodes");
        allowGroups = List.copyOf(allowGroups);
        allowAccounts = List.copyOf(allowAccounts);
        allowQos = List.copyOf(allowQos);
        denyAccounts = List.copyOf(denyAccounts);
        denyQos = List.copyOf(denyQos);
        Objects.requireNonNull(overSubscribe, "overSubscribe");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(memory, "memory");
        preemptMode = Set.copyOf(preemptMode);
        Objects.requireNonNull(qos, "qos");
        Objects.requireNonNull(location, "location");
        Objects.requireNonNull(graceTime, "graceTime");
        Objects.requireNonNull(billingWeights, "billingWeights");
    }
}
