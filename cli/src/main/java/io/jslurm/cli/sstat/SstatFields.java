package io.jslurm.cli.sstat;

import io.jslurm.cli.sacct.FieldTable;
import io.jslurm.cli.sacct.FormatItem;
import io.jslurm.cli.sacct.UsageText;
import io.jslurm.cli.sstat.StatLine.Measure;
import io.jslurm.common.units.SizeFormatter;
import io.jslurm.common.units.SizeUnit;
import io.jslurm.protocol.proto.NodeStepStat;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;

/**
 * Every field sstat prints, with Slurm's names and widths. What the node's cgroup measures (CPU time, memory peak,
 * disk bytes) has values; what it does not (pages, virtual size, energy, CPU frequency) prints as Slurm prints a
 * zero.
 */
final class SstatFields {

    /** Slurm's default: every field, in this order. */
    static final String DEFAULT_FORMAT = "jobid,maxvmsize,maxvmsizenode,maxvmsizetask,avevmsize,maxrss,maxrssnode,"
            + "maxrsstask,averss,maxpages,maxpagesnode,maxpagestask,avepages,mincpu,mincpunode,mincputask,avecpu,"
            + "ntasks,avecpufreq,reqcpufreqmin,reqcpufreqmax,reqcpufreqgov,consumedenergy,maxdiskread,"
            + "maxdiskreadnode,maxdiskreadtask,avediskread,maxdiskwrite,maxdiskwritenode,maxdiskwritetask,"
            + "avediskwrite,tresusageinave,tresusageinmax,tresusageinmaxn,tresusageinmaxt,tresusageinmin,"
            + "tresusageinminn,tresusageinmint,tresusageintot,tresusageoutave,tresusageoutmax,tresusageoutmaxn,"
            + "tresusageoutmaxt,tresusageoutmin,tresusageoutminn,tresusageoutmint,tresusageouttot";
    /** {@code -i}: the processes of each step. */
    static final String PID_FORMAT = "jobid,nodelist,pids";

    /** A field: its name as --format takes it, width (negative: left-justified) and value. */
    record Field(String name, int width, BiFunction<StatLine, SizeFormatter, String> value) {
        Field withWidth(int newWidth) {
            return new Field(name, newWidth, value);
        }
    }

    private static final Map<String, Field> BY_NAME = new LinkedHashMap<>();

    static {
        field("AveCPU", 10, (l, s) -> cpu(l.average(Measure.CPU)));
        field("AveCPUFreq", 10, (l, s) -> "0");
        field("AveDiskRead", 14, (l, s) -> size(s, l.average(Measure.DISK_READ)));
        field("AveDiskWrite", 14, (l, s) -> size(s, l.average(Measure.DISK_WRITE)));
        field("AvePages", 10, (l, s) -> "0");
        field("AveRSS", 10, (l, s) -> size(s, l.average(Measure.RSS)));
        field("AveVMSize", 10, (l, s) -> size(s, l.average(Measure.VMSIZE)));
        field("ConsumedEnergy", 14, (l, s) -> "0");
        field("ConsumedEnergyRaw", 17, (l, s) -> "0");
        field("JobID", -12, (l, s) -> l.jobId());
        maxFields("MaxDiskRead", Measure.DISK_READ, 12, 15, 15);
        maxFields("MaxDiskWrite", Measure.DISK_WRITE, 12, 16, 16);
        maxFields("MaxPages", Measure.NOTHING, 8, 12, 14);
        maxFields("MaxRSS", Measure.RSS, 10, 10, 10);
        maxFields("MaxVMSize", Measure.VMSIZE, 10, 14, 14);
        field("MinCPU", 10, (l, s) -> cpu(l.min(Measure.CPU)));
        field("MinCPUNode", 10, (l, s) -> l.minNode(Measure.CPU).map(NodeStepStat::getNodeName).orElse(""));
        field("MinCPUTask", 10, (l, s) -> task(l.minNode(Measure.CPU)));
        field("Nodelist", 20, (l, s) -> l.nodeList());
        field("NTasks", 8, (l, s) -> Integer.toString(l.ntasks()));
        field("Pids", 20, (l, s) -> l.pids());
        field("ReqCPUFreq", 10, (l, s) -> "Unknown");
        field("ReqCPUFreqMin", 13, (l, s) -> "Unknown");
        field("ReqCPUFreqMax", 13, (l, s) -> "Unknown");
        field("ReqCPUFreqGov", 13, (l, s) -> "Unknown");
        field("TRESUsageInAve", 14, (l, s) -> tresIn(l, s, l::average));
        field("TRESUsageInMax", 14, (l, s) -> tresIn(l, s, l::max));
        field("TRESUsageInMaxNode", 18, (l, s) -> inWhere(l, true, false));
        field("TRESUsageInMaxTask", 18, (l, s) -> inWhere(l, true, true));
        field("TRESUsageInMin", 14, (l, s) -> tresIn(l, s, l::min));
        field("TRESUsageInMinNode", 18, (l, s) -> inWhere(l, false, false));
        field("TRESUsageInMinTask", 18, (l, s) -> inWhere(l, false, true));
        field("TRESUsageInTot", 14, (l, s) -> tresIn(l, s, l::total));
        field("TRESUsageOutAve", 15, (l, s) -> tresOut(l, l::average));
        field("TRESUsageOutMax", 15, (l, s) -> tresOut(l, l::max));
        field("TRESUsageOutMaxNode", 19, (l, s) -> outWhere(l, true, false));
        field("TRESUsageOutMaxTask", 19, (l, s) -> outWhere(l, true, true));
        field("TRESUsageOutMin", 15, (l, s) -> tresOut(l, l::min));
        field("TRESUsageOutMinNode", 19, (l, s) -> outWhere(l, false, false));
        field("TRESUsageOutMinTask", 19, (l, s) -> outWhere(l, false, true));
        field("TRESUsageOutTot", 15, (l, s) -> tresOut(l, l::total));
    }

    private SstatFields() {
    }

    static List<Field> all() {
        return new ArrayList<>(BY_NAME.values());
    }

    /**
     * Fields from a {@code --format} list ({@code name} or {@code name%width}); a name may be cut short as long
     * as it starts a field's name, as Slurm's own default list does ({@code tresusageinmaxn}).
     *
     * @throws IllegalArgumentException naming the first field sstat does not know
     */
    static List<Field> parse(String format) {
        List<Field> fields = new ArrayList<>();
        for (FormatItem item : FormatItem.parseList(format)) {
            String key = item.name().toLowerCase(Locale.ROOT);
            Field field = Optional.ofNullable(BY_NAME.get(key)).or(() -> BY_NAME.values().stream()
                            .filter(f -> f.name().toLowerCase(Locale.ROOT).startsWith(key)).findFirst())
                    .orElseThrow(() -> new IllegalArgumentException("Invalid field requested: \"" + item.name()
                            + "\""));
            fields.add(item.width().isPresent() ? field.withWidth(item.width().getAsInt()) : field);
        }
        return fields;
    }

    /** --helpformat: the names four to a line, each in 20 columns, as Slurm lists them. */
    static String help() {
        StringBuilder out = new StringBuilder();
        List<Field> fields = all();
        for (int i = 0; i < fields.size(); i++) {
            out.append(String.format(Locale.ROOT, "%-19s", fields.get(i).name()));
            out.append(i % 4 == 3 || i == fields.size() - 1 ? "\n" : " ");
        }
        return out.toString();
    }

    static void print(List<Field> fields, List<StatLine> lines, FieldTable.Mode mode, boolean header,
                      SizeFormatter sizes, StringBuilder out) {
        FieldTable table = new FieldTable(fields.stream().map(Field::name).toList(),
                fields.stream().map(Field::width).toList(), mode, "|", header);
        table.printHeader(out);
        for (StatLine line : lines) {
            table.printRow(fields.stream().map(f -> f.value().apply(line, sizes)).toList(), out);
        }
    }

    /** CPU time in whole seconds, as Slurm's sstat prints it: {@code 00:MM:SS} under an hour. */
    static String cpu(long micros) {
        return UsageText.cpuTime(micros, false);
    }

    static String size(SizeFormatter sizes, long bytes) {
        return sizes.format(bytes / 1024.0, SizeUnit.K);
    }

    /** A maximum (a size, or 0 for what is not measured), the node where it was and that node's first task. */
    private static void maxFields(String name, Measure measure, int width, int nodeWidth, int taskWidth) {
        field(name, width, (l, s) -> measure == Measure.NOTHING ? "0" : size(s, l.max(measure)));
        field(name + "Node", nodeWidth, (l, s) -> l.maxNode(measure).map(NodeStepStat::getNodeName).orElse(""));
        field(name + "Task", taskWidth, (l, s) -> task(l.maxNode(measure)));
    }

    private static String task(Optional<NodeStepStat> node) {
        return node.map(n -> Integer.toUnsignedString(n.getFirstTask())).orElse("");
    }

    /** The TRES Slurm reports a step reads: CPU time, energy, disk bytes read, memory, pages, virtual memory. */
    private static String tresIn(StatLine l, SizeFormatter s, java.util.function.ToLongFunction<Measure> value) {
        return "cpu=" + cpu(value.applyAsLong(Measure.CPU)) + ",energy=0,fs/disk="
                + value.applyAsLong(Measure.DISK_READ) + ",mem=" + size(s, value.applyAsLong(Measure.RSS))
                + ",pages=0,vmem=" + size(s, value.applyAsLong(Measure.VMSIZE));
    }

    /** What a step writes: energy and disk bytes written. */
    private static String tresOut(StatLine l, java.util.function.ToLongFunction<Measure> value) {
        return "energy=0,fs/disk=" + value.applyAsLong(Measure.DISK_WRITE);
    }

    /** Where each read TRES had its maximum (or minimum): the node, or its task. */
    private static String inWhere(StatLine l, boolean max, boolean task) {
        return "cpu=" + where(l, Measure.CPU, max, task) + ",energy=" + where(l, Measure.NOTHING, max, task)
                + ",fs/disk=" + where(l, Measure.DISK_READ, max, task) + ",mem=" + where(l, Measure.RSS, max, task)
                + ",pages=" + where(l, Measure.NOTHING, max, task) + ",vmem=" + where(l, Measure.VMSIZE, max, task);
    }

    private static String outWhere(StatLine l, boolean max, boolean task) {
        return "energy=" + where(l, Measure.NOTHING, max, task) + ",fs/disk="
                + where(l, Measure.DISK_WRITE, max, task);
    }

    private static String where(StatLine l, Measure measure, boolean max, boolean task) {
        Optional<NodeStepStat> node = max ? l.maxNode(measure) : l.minNode(measure);
        return task ? task(node) : node.map(NodeStepStat::getNodeName).orElse("");
    }

    private static void field(String name, int width, BiFunction<StatLine, SizeFormatter, String> value) {
        BY_NAME.put(name.toLowerCase(Locale.ROOT), new Field(name, width, value));
    }
}
