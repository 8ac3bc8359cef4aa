package io.jslurm.slurmctld.rpc;

import io.jslurm.common.hostlist.Hostlist;
import io.jslurm.common.time.TimeLimit;
import io.jslurm.conf.LoadedConfig;
import io.jslurm.conf.parse.ValueForms;
import io.jslurm.conf.slurm.OverSubscribe;
import io.jslurm.conf.slurm.PartitionConfig;
import io.jslurm.conf.slurm.PartitionState;
import io.jslurm.conf.slurm.SlurmConfig;
import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.proto.UpdatePartitionRequest;
import io.jslurm.slurmctld.config.ClusterConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * {@code scontrol update PartitionName=...}: the running configuration with one partition changed. As in Slurm
 * (without ReconfigFlags=KeepPartInfo and without {@code slurmctld -R}), the change lives in the controller only:
 * the next reconfigure or restart reads the partition from slurm.conf again.
 */
final class PartitionUpdate {

    /** The wire's "unlimited" for the unsigned counts and minutes scontrol sends. */
    private static final int UNLIMITED = -1;

    private PartitionUpdate() {
    }

    /** The configuration with the request applied; nothing changes when any field of it is refused. */
    static ClusterConfig apply(ClusterConfig cfg, UpdatePartitionRequest r) throws RpcException {
        SlurmConfig slurm = cfg.slurm();
        PartitionConfig old = slurm.partition(r.getName())
                .orElseThrow(() -> SlurmError.INVALID_PARTITION_NAME.exception());
        if (r.hasRootOnly()) {
            throw new RpcException(io.jslurm.protocol.ErrorCode.ESLURM_NOT_SUPPORTED,
                    "Update of this parameter is not supported: RootOnly");
        }
        PartitionConfig p = changed(old, r, slurm);
        List<PartitionConfig> partitions = new ArrayList<>();
        for (PartitionConfig other : slurm.partitions()) {
            if (other.name().equals(p.name())) {
                partitions.add(p);
            } else if (r.hasIsDefault() && r.getIsDefault() && other.isDefault()) {
                // One default partition at a time: naming a new one takes the mark from the old.
                partitions.add(notDefault(other));
            } else {
                partitions.add(other);
            }
        }
        LoadedConfig loaded = cfg.loaded();
        return new ClusterConfig(cfg.slurmConf(), new LoadedConfig(slurm.withPartitions(partitions), loaded.gres(),
                loaded.cgroup(), loaded.warnings()), cfg.schedulerParams());
    }

    private static PartitionConfig changed(PartitionConfig p, UpdatePartitionRequest r, SlurmConfig slurm)
            throws RpcException {
        PartitionState state = switch (r.getState()) {
            case PARTITION_UP -> PartitionState.UP;
            case PARTITION_DOWN -> PartitionState.DOWN;
            case PARTITION_DRAIN -> PartitionState.DRAIN;
            case PARTITION_INACTIVE -> PartitionState.INACTIVE;
            default -> p.state();
        };
        TimeLimit maxTime = r.hasMaxTimeMinutes() ? limit(r.getMaxTimeMinutes()) : p.maxTime();
        Optional<TimeLimit> defaultTime = r.hasDefaultTimeMinutes()
                ? Optional.of(limit(r.getDefaultTimeMinutes())) : p.defaultTime();
        OptionalInt maxNodes = !r.hasMaxNodes() ? p.maxNodes()
                : r.getMaxNodes() == UNLIMITED ? OptionalInt.empty() : OptionalInt.of(r.getMaxNodes());
        int minNodes = r.hasMinNodes() ? Math.max(0, r.getMinNodes()) : p.minNodes();
        if (maxNodes.isPresent() && minNodes > maxNodes.getAsInt()) {
            throw SlurmError.INVALID_NODE_COUNT.exception();
        }
        OverSubscribe overSubscribe = p.overSubscribe();
        if (r.hasOversubscribe()) {
            try {
                overSubscribe = OverSubscribe.parse(r.getOversubscribe());
            } catch (IllegalArgumentException bad) {
                throw new RpcException(io.jslurm.protocol.ErrorCode.ESLURM_NOT_SUPPORTED,
                        "Invalid OverSubscribe value " + r.getOversubscribe() + ": " + bad.getMessage());
            }
        }
        return new PartitionConfig(p.name(), r.hasNodes() ? members(r.getNodes(), slurm) : p.nodes(),
                r.hasIsDefault() ? r.getIsDefault() : p.isDefault(), maxTime, defaultTime, minNodes, maxNodes,
                listOr(r.hasAllowGroups(), r.getAllowGroups(), p.allowGroups()),
                listOr(r.hasAllowAccounts(), r.getAllowAccounts(), p.allowAccounts()),
                listOr(r.hasAllowQos(), r.getAllowQos(), p.allowQos()),
                r.hasDenyAccounts() ? ValueForms.splitList(r.getDenyAccounts()) : p.denyAccounts(),
                r.hasDenyQos() ? ValueForms.splitList(r.getDenyQos()) : p.denyQos(),
                r.hasPriorityTier() ? r.getPriorityTier() : p.priorityTier(),
                r.hasPriorityJobFactor() ? r.getPriorityJobFactor() : p.priorityJobFactor(),
                overSubscribe, state, p.memory(), p.preemptMode(),
                r.hasQos() ? Optional.of(r.getQos()).filter(q -> !q.isEmpty()) : p.qos(),
                r.hasHidden() ? r.getHidden() : p.hidden(), p.exclusiveUser(), p.location(),
                r.hasGraceTimeSeconds() ? java.time.Duration.ofSeconds(Integer.toUnsignedLong(r.getGraceTimeSeconds()))
                        : p.graceTime(),
                p.billingWeights());
    }

    private static PartitionConfig notDefault(PartitionConfig p) {
        return new PartitionConfig(p.name(), p.nodes(), false, p.maxTime(), p.defaultTime(), p.minNodes(),
                p.maxNodes(), p.allowGroups(), p.allowAccounts(), p.allowQos(), p.denyAccounts(), p.denyQos(),
                p.priorityTier(), p.priorityJobFactor(), p.overSubscribe(), p.state(), p.memory(), p.preemptMode(),
                p.qos(), p.hidden(), p.exclusiveUser(), p.location(), p.graceTime(), p.billingWeights());
    }

    /** Every named node must be one slurm.conf defines, as Slurm checks before it changes anything. */
    private static Hostlist members(String expression, SlurmConfig slurm) throws RpcException {
        if (expression.equalsIgnoreCase("ALL")) {
            return Hostlist.of(slurm.nodes().stream().map(io.jslurm.conf.slurm.NodeConfig::name).toList());
        }
        Hostlist nodes;
        try {
            nodes = expression.isBlank() ? Hostlist.empty() : Hostlist.parse(expression);
        } catch (IllegalArgumentException bad) {
            throw SlurmError.INVALID_NODE_NAME.exception();
        }
        for (String host : nodes.hosts()) {
            if (slurm.node(host).isEmpty()) {
                throw SlurmError.INVALID_NODE_NAME.exception();
            }
        }
        return nodes;
    }

    private static TimeLimit limit(int minutes) {
        return minutes == UNLIMITED ? TimeLimit.UNLIMITED : TimeLimit.ofMinutes(Integer.toUnsignedLong(minutes));
    }

    /** Allow lists as slurm.conf writes them, split the same way; an empty one allows all, as there. */
    private static List<String> listOr(boolean set, String value, List<String> old) {
        return set ? ValueForms.splitList(value.isBlank() ? "ALL" : value) : old;
    }
}
