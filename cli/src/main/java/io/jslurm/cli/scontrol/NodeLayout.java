package io.jslurm.cli.scontrol;

import io.jslurm.cli.jobs.JobDisplay;
import io.jslurm.cli.nodes.NodeJson;
import io.jslurm.cli.nodes.NodeStates;
import io.jslurm.cli.sinfo.PartitionText;
import io.jslurm.protocol.proto.NodeRecord;
import io.jslurm.protocol.proto.PartitionRecord;
import java.util.Locale;

/** {@code scontrol show node} and {@code show partition}: one record as Slurm lays it out. */
final class NodeLayout {

    private NodeLayout() {
    }

    static String node(NodeRecord n, JobDisplay d, boolean oneLiner) {
        Layout out = new Layout().line().pair("NodeName", n.getName())
                .pair("Arch", JobDisplay.orNotApplicable(n.getArch()))
                .pair("CoresPerSocket", n.getCoresPerSocket());
        out.line().pair("CPUAlloc", Integer.toUnsignedString(n.getCpusAllocated()))
                .pair("CPUEfctv", Integer.toUnsignedString(n.getCpus()))
                .pair("CPUTot", Integer.toUnsignedString(n.getCpus()))
                .pair("CPULoad", n.hasCpuLoad() ? String.format(Locale.ROOT, "%.2f", n.getCpuLoad()) : "N/A");
        out.line().pair("AvailableFeatures", JobDisplay.orNull(n.getFeatures()));
        out.line().pair("ActiveFeatures", JobDisplay.orNull(n.getFeaturesActive()));
        out.line().pair("Gres", JobDisplay.orNull(n.getGres()));
        if (!n.getGresUsed().isEmpty()) {
            out.line().pair("GresUsed", n.getGresUsed());
        }
        out.line().pair("NodeAddr", n.getAddress().isEmpty() ? n.getName() : n.getAddress())
                .pair("NodeHostName", n.getHostname().isEmpty() ? n.getName() : n.getHostname())
                .pair("Version", JobDisplay.orNotApplicable(n.getVersion()));
        out.line().pair("OS", JobDisplay.orNotApplicable(n.getOs()));
        out.line().pair("RealMemory", n.getRealMemoryMb()).pair("AllocMem", n.getAllocatedMemoryMb())
                .pair("FreeMem", n.hasFreeMemoryMb() ? Long.toString(n.getFreeMemoryMb()) : "N/A")
                .pair("Sockets", n.getSockets()).pair("Boards", Math.max(1, n.getBoards()));
        out.line().pair("State", NodeStates.complete(n)).pair("ThreadsPerCore", n.getThreadsPerCore())
                .pair("TmpDisk", n.getTmpDiskMb()).pair("Weight", Integer.toUnsignedString(n.getWeight()))
                .pair("Owner", "N/A").pair("MCS_label", JobDisplay.orNotApplicable(n.getMcsLabel()));
        out.line().pair("Partitions", String.join(",", n.getPartitionsList()));
        out.line().pair("BootTime", d.timeOrUnknown(n.getBootTime()))
                .pair("SlurmdStartTime", d.timeOrUnknown(n.getSlurmdStartTime()));
        out.line().pair("LastBusyTime", d.timeOrUnknown(n.getLastBusyTime()));
        out.line().pair("CfgTRES", n.getTresConfigured());
        out.line().pair("AllocTRES", n.getTresAllocated());
        out.line().pair("CapWatts", "n/a");
        out.line().pair("CurrentWatts", 0).pair("AveWatts", 0);
        out.line().pair("ExtSensorsJoules", "n/s").pair("ExtSensorsWatts", 0).pair("ExtSensorsTemp", "n/s");
        if (!n.getReason().isEmpty()) {
            String who = n.getReasonUser().isEmpty() ? Integer.toUnsignedString(n.getReasonUid()) : n.getReasonUser();
            out.line().pair("Reason", n.getReason() + " [" + who + "@" + d.timeOrUnknown(n.getReasonTime()) + "]");
        }
        if (!n.getComment().isEmpty()) {
            out.line().pair("Comment", n.getComment());
        }
        return out.render(oneLiner);
    }

    static String partition(PartitionRecord p, JobDisplay d, boolean oneLiner) {
        Layout out = new Layout().line().pair("PartitionName", p.getName());
        out.line().pair("AllowGroups", all(p.getAllowGroups())).pair("AllowAccounts", all(p.getAllowAccounts()))
                .pair("AllowQos", all(p.getAllowQos()));
        if (!p.getDenyAccounts().isEmpty()) {
            out.pair("DenyAccounts", p.getDenyAccounts());
        }
        if (!p.getDenyQos().isEmpty()) {
            out.pair("DenyQos", p.getDenyQos());
        }
        out.line().pair("AllocNodes", all(p.getAllowAllocNodes())).pair("Default", yes(p.getIsDefault()))
                .pair("QoS", JobDisplay.orNotApplicable(p.getQos()));
        out.line().pair("DefaultTime", p.hasDefaultTimeMinutes()
                        ? PartitionText.minutes(p.getDefaultTimeMinutes()).toPaddedString() : "NONE")
                .pair("DisableRootJobs", yes(p.getDisableRootJobs())).pair("ExclusiveUser", yes(p.getExclusiveUser()))
                .pair("GraceTime", p.getGraceTimeSeconds()).pair("Hidden", yes(p.getHidden()));
        out.line().pair("MaxNodes", unlimited(p.getMaxNodes()))
                .pair("MaxTime", PartitionText.minutes(p.getMaxTimeMinutes()).toPaddedString())
                .pair("MinNodes", Integer.toUnsignedString(p.getMinNodes())).pair("LLN", yes(p.getLln()))
                .pair("MaxCPUsPerNode", p.getMaxCpusPerNode() == 0 ? "UNLIMITED" : unlimited(p.getMaxCpusPerNode()));
        out.line().pair("Nodes", JobDisplay.orNull(p.getNodes()));
        out.line().pair("PriorityJobFactor", Integer.toUnsignedString(p.getPriorityJobFactor()))
                .pair("PriorityTier", Integer.toUnsignedString(p.getPriorityTier()))
                .pair("RootOnly", yes(p.getRootOnly())).pair("ReqResv", yes(p.getReqResv()))
                .pair("OverSubscribe", p.getOversubscribe().isEmpty() ? "NO" : p.getOversubscribe());
        out.line().pair("OverTimeLimit", p.getOverTimeLimitMinutes() == 0 || p.getOverTimeLimitMinutes() == 65535
                        ? "NONE" : Integer.toUnsignedString(p.getOverTimeLimitMinutes()))
                .pair("PreemptMode", p.getPreemptMode().isEmpty() ? "OFF" : p.getPreemptMode());
        out.line().pair("State", NodeJson.partitionState(p)).pair("TotalCPUs", Integer.toUnsignedString(p.getTotalCpus()))
                .pair("TotalNodes", Integer.toUnsignedString(p.getTotalNodes()))
                .pair("SelectTypeParameters", p.getSelectTypeParameters().isEmpty() ? "NONE" : p.getSelectTypeParameters());
        out.line().pair("JobDefaults", JobDisplay.orNull(p.getJobDefaults()));
        if (p.getDefMemPerCpuMb() != 0) {
            out.line().pair("DefMemPerCPU", p.getDefMemPerCpuMb());
        } else {
            out.line().pair("DefMemPerNode", p.getDefMemPerNodeMb() == 0 ? "UNLIMITED" : Long.toString(p.getDefMemPerNodeMb()));
        }
        if (p.getMaxMemPerCpuMb() != 0) {
            out.pair("MaxMemPerCPU", p.getMaxMemPerCpuMb());
        } else {
            out.pair("MaxMemPerNode", p.getMaxMemPerNodeMb() == 0 ? "UNLIMITED" : Long.toString(p.getMaxMemPerNodeMb()));
        }
        out.line().pair("TRES", p.getTres());
        if (!p.getTresBillingWeights().isEmpty()) {
            out.line().pair("TRESBillingWeights", p.getTresBillingWeights());
        }
        return out.render(oneLiner);
    }

    private static String all(String value) {
        return value.isEmpty() ? "ALL" : value;
    }

    private static String yes(boolean value) {
        return value ? "YES" : "NO";
    }

    private static String unlimited(int value) {
        return Integer.toUnsignedLong(value) == JobDisplay.UNLIMITED_MINUTES ? "UNLIMITED" : Integer.toUnsignedString(value);
    }
}
