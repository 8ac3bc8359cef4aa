package io.jslurm.cli.nodes;

import io.jslurm.cli.client.ClientIdentity;
import io.jslurm.cli.jobs.JobDisplay;
import io.jslurm.cli.json.JsonDocument;
import io.jslurm.cli.json.JsonWriter;
import io.jslurm.common.hostlist.Hostlist;
import io.jslurm.protocol.proto.NodeRecord;
import io.jslurm.protocol.proto.PartitionRecord;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;

/** Nodes and partitions as {@code scontrol show node|partition --json} and {@code sinfo --json} print them. */
public final class NodeJson {

    /** One sinfo line's partition and nodes. */
    public record Group(PartitionRecord partition, List<NodeRecord> nodes) {
    }

    private NodeJson() {
    }

    public static void writeNodes(OutputStream out, List<String> command, ClientIdentity client,
            List<NodeRecord> nodes) {
        JsonDocument.write(out, command, client, "", json -> {
            json.startArray("nodes");
            for (NodeRecord node : nodes) {
                json.startObject();
                node(json, node);
                json.endObject();
            }
            json.endArray();
        });
    }

    public static void writePartitions(OutputStream out, List<String> command, ClientIdentity client,
            List<PartitionRecord> partitions) {
        JsonDocument.write(out, command, client, "", json -> {
            json.startArray("partitions");
            for (PartitionRecord partition : partitions) {
                json.startObject();
                partition(json, partition);
                json.endObject();
            }
            json.endArray();
        });
    }

    public static void writeSinfo(OutputStream out, List<String> command, ClientIdentity client, List<Group> groups,
            JobDisplay display) {
        JsonDocument.write(out, command, client, "", json -> {
            json.startArray("sinfo");
            for (Group group : groups) {
                NodeRecord first = group.nodes().get(0);
                json.startObject();
                json.startObject("node");
                json.strings("state", NodeStates.all(first));
                json.endObject();
                json.startObject("nodes");
                json.integer("total", group.nodes().size());
                json.strings("nodes", group.nodes().stream().map(NodeRecord::getName).toList());
                json.strings("hostnames", group.nodes().stream().map(NodeRecord::getHostname).toList());
                json.endObject();
                json.startObject("cpus");
                json.integer("minimum", first.getCpus());
                json.integer("maximum", group.nodes().stream().mapToLong(n -> Integer.toUnsignedLong(n.getCpus())).max().orElse(0));
                json.endObject();
                json.startObject("memory");
                json.integer("minimum", first.getRealMemoryMb());
                json.endObject();
                json.string("features", first.getFeatures());
                json.string("gres", first.getGres());
                json.startObject("reason");
                json.string("description", first.getReason());
                json.time("time", first.getReasonTime());
                json.string("user", first.getReasonUser());
                json.endObject();
                json.startObject("partition");
                partition(json, group.partition());
                json.endObject();
                json.endObject();
            }
            json.endArray();
        });
    }

    static void node(JsonWriter json, NodeRecord node) throws IOException {
        json.string("architecture", node.getArch());
        json.integer("boards", Math.max(1, node.getBoards()));
        json.time("boot_time", node.getBootTime());
        json.integer("cores", node.getCoresPerSocket());
        json.integer("cpu_binding", 0);
        json.number("cpu_load", node.hasCpuLoad(), Math.round(node.hasCpuLoad() ? node.getCpuLoad() * 100 : 0));
        json.number("free_mem", node.hasFreeMemoryMb(), node.getFreeMemoryMb());
        json.integer("cpus", Integer.toUnsignedLong(node.getCpus()));
        json.csv("features", node.getFeatures());
        json.csv("active_features", node.getFeaturesActive());
        json.string("gres", node.getGres());
        json.string("gres_used", node.getGresUsed());
        json.time("last_busy", node.getLastBusyTime());
        json.string("name", node.getName());
        json.string("address", node.getAddress());
        json.string("hostname", node.getHostname());
        json.strings("state", NodeStates.all(node));
        json.string("operating_system", node.getOs());
        json.strings("partitions", node.getPartitionsList());
        json.integer("port", node.getPort());
        json.integer("real_memory", node.getRealMemoryMb());
        json.string("comment", node.getComment());
        json.string("reason", node.getReason());
        json.time("reason_changed_at", node.getReasonTime());
        json.string("reason_set_by_user", node.getReasonUser());
        json.time("slurmd_start_time", node.getSlurmdStartTime());
        json.integer("sockets", node.getSockets());
        json.integer("threads", node.getThreadsPerCore());
        json.integer("temporary_disk", node.getTmpDiskMb());
        json.integer("weight", Integer.toUnsignedLong(node.getWeight()));
        json.string("tres", node.getTresConfigured());
        json.string("tres_used", node.getTresAllocated());
        json.string("version", node.getVersion());
        json.integer("alloc_memory", node.getAllocatedMemoryMb());
        json.integer("alloc_cpus", Integer.toUnsignedLong(node.getCpusAllocated()));
        json.integer("alloc_idle_cpus", Math.max(0, Integer.toUnsignedLong(node.getCpus())
                - Integer.toUnsignedLong(node.getCpusAllocated())));
    }

    static void partition(JsonWriter json, PartitionRecord p) throws IOException {
        json.string("name", p.getName());
        json.startObject("nodes");
        json.string("allowed_allocation", p.getAllowAllocNodes());
        json.string("configured", p.getNodes());
        json.integer("total", p.getTotalNodes() != 0 ? p.getTotalNodes() : count(p.getNodes()));
        json.endObject();
        json.startObject("accounts");
        json.string("allowed", p.getAllowAccounts());
        json.string("deny", p.getDenyAccounts());
        json.endObject();
        json.startObject("groups");
        json.string("allowed", p.getAllowGroups());
        json.endObject();
        json.startObject("qos");
        json.string("allowed", p.getAllowQos());
        json.string("deny", p.getDenyQos());
        json.string("assigned", p.getQos());
        json.endObject();
        json.string("alternate", p.getAlternate());
        json.string("tres_configured", p.getTres());
        json.startObject("cpus");
        json.integer("total", Integer.toUnsignedLong(p.getTotalCpus()));
        json.endObject();
        json.startObject("defaults");
        json.number("time", p.hasDefaultTimeMinutes(), Integer.toUnsignedLong(p.getDefaultTimeMinutes()));
        json.number("memory_per_cpu", p.getDefMemPerCpuMb());
        json.endObject();
        json.integer("grace_time", p.getGraceTimeSeconds());
        json.startObject("maximums");
        json.limit("time", Integer.toUnsignedLong(p.getMaxTimeMinutes()));
        json.limit("nodes", Integer.toUnsignedLong(p.getMaxNodes()));
        json.limit("cpus_per_node", Integer.toUnsignedLong(p.getMaxCpusPerNode()));
        json.number("memory_per_node", p.getMaxMemPerNodeMb() != 0, p.getMaxMemPerNodeMb());
        json.endObject();
        json.startObject("minimums");
        json.integer("nodes", p.getMinNodes());
        json.endObject();
        json.startObject("partition");
        json.strings("state", List.of(partitionState(p)));
        json.endObject();
        json.startObject("priority");
        json.integer("job_factor", Integer.toUnsignedLong(p.getPriorityJobFactor()));
        json.integer("tier", Integer.toUnsignedLong(p.getPriorityTier()));
        json.endObject();
        json.startObject("flags");
        json.bool("default", p.getIsDefault());
        json.bool("hidden", p.getHidden());
        json.bool("root_only", p.getRootOnly());
        json.bool("exclusive_user", p.getExclusiveUser());
        json.endObject();
    }

    /** Slurm's partition state word: UP, DOWN, DRAIN, INACTIVE. */
    public static String partitionState(PartitionRecord p) {
        return switch (p.getState()) {
            case PARTITION_DOWN -> "DOWN";
            case PARTITION_DRAIN -> "DRAIN";
            case PARTITION_INACTIVE -> "INACTIVE";
            default -> "UP";
        };
    }

    private static long count(String hostlist) {
        try {
            return hostlist.isEmpty() ? 0 : Hostlist.parse(hostlist).size();
        } catch (IllegalArgumentException unreadable) {
            return 0;
        }
    }
}
