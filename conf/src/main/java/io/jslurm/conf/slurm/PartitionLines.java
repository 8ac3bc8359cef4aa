package io.jslurm.conf.slurm;

import io.jslurm.common.hostlist.Hostlist;
import io.jslurm.conf.Diagnostics;
import io.jslurm.conf.Location;
import io.jslurm.conf.parse.ConfLine;
import io.jslurm.conf.parse.KeyValues;
import io.jslurm.conf.parse.SlurmConfKeys;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/** Turns {@code PartitionName=} lines into partitions once every node and node set is known. */
final class PartitionLines {

    private final Diagnostics diagnostics;
    private final LineDefaults defaults = new LineDefaults(SlurmConfKeys.PARTITION, "PartitionName");
    private final List<KeyValues> partitions = new ArrayList<>();

    PartitionLines(Diagnostics diagnostics) {
        this.diagnostics = diagnostics;
    }

    void add(ConfLine line) {
        defaults.apply(line, diagnostics).ifPresent(partitions::add);
    }

    List<PartitionConfig> resolve(NodeIndex index) {
        String defaultName = defaultPartition();
        Map<String, PartitionConfig> byName = new LinkedHashMap<>();
        for (KeyValues values : partitions) {
            PartitionConfig partition = build(values, index, defaultName);
            PartitionConfig earlier = byName.putIfAbsent(partition.name(), partition);
            if (earlier != null) {
                diagnostics.error(partition.location(), "partition '" + partition.name() + "' is already defined at "
                        + earlier.location());
            }
        }
        return List.copyOf(byName.values());
    }

    /** As in Slurm, the last partition marked Default=YES is the default; saying so twice is worth a warning. */
    private String defaultPartition() {
        KeyValues chosen = null;
        for (KeyValues values : partitions) {
            if (!values.bool("Default")) {
                continue;
            }
            if (chosen != null) {
                diagnostics.warning(values.location("Default"), "partition '" + values.string("PartitionName")
                        + "' is marked Default=YES too; it replaces '" + chosen.string("PartitionName") + "' ("
                        + chosen.location("Default") + ") as the default partition");
            }
            chosen = values;
        }
        return chosen == null ? null : chosen.string("PartitionName");
    }

    private PartitionConfig build(KeyValues values, NodeIndex index, String defaultName) {
        String name = values.string("PartitionName");
        Location location = values.location("PartitionName");
        Hostlist nodes = index.members(values.parsed("Nodes", Hostlist::parse, Hostlist.empty()),
                "partition '" + name + "'", values.location("Nodes"));
        // The old Priority= sets both factors and, as in Slurm 22.05, wins over PriorityTier/PriorityJobFactor.
        boolean old = values.isSet("Priority");
        int tier = (int) values.number(old ? "Priority" : "PriorityTier", 0, 65533);
        int jobFactor = (int) values.number(old ? "Priority" : "PriorityJobFactor", 0, 65533);
        return new PartitionConfig(name, nodes, name.equals(defaultName),
                values.timeLimit("MaxTime"),
                values.isSet("DefaultTime") ? Optional.of(values.timeLimit("DefaultTime")) : Optional.empty(),
                (int) values.number("MinNodes", 0, Integer.MAX_VALUE), unlimitedOr(values, "MaxNodes"),
                values.list("AllowGroups"), values.list("AllowAccounts"), values.list("AllowQos"),
                values.list("DenyAccounts"), values.list("DenyQos"), tier, jobFactor,
                values.parsed("OverSubscribe", OverSubscribe::parse, OverSubscribe.NO),
                values.choice("State", PartitionState.class, PartitionState.UP),
                MemoryLimits.of(values),
                values.choices("PreemptMode", PreemptMode.class), values.optional("QOS"),
                values.bool("Hidden"), values.bool("ExclusiveUser"), location, values.seconds("GraceTime"),
                values.parsed("TRESBillingWeights", TresNames::parseBillingWeights,
                        io.jslurm.common.tres.BillingWeights.NONE));
    }

    private static OptionalInt unlimitedOr(KeyValues values, String key) {
        return values.string(key).equalsIgnoreCase("UNLIMITED") ? OptionalInt.empty()
                : OptionalInt.of((int) values.number(key, 0, Integer.MAX_VALUE));
    }
}
