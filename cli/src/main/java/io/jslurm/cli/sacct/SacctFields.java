package io.jslurm.cli.sacct;

import io.jslurm.common.units.SizeUnit;
import io.jslurm.protocol.proto.AcctJob;
import io.jslurm.protocol.proto.AcctStep;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;

/** Every field sacct prints, with Slurm's names and default widths. */
public final class SacctFields {

    public static final String DEFAULT_FORMAT = "jobid,jobname,partition,account,alloccpus,state,exitcode";
    public static final String BRIEF_FORMAT = "jobid,state,exitcode";
    public static final String LONG_FORMAT = "jobid,jobidraw,jobname,partition,maxvmsize,maxvmsizenode,maxvmsizetask,"
            + "avevmsize,maxrss,maxrssnode,maxrsstask,averss,maxpages,maxpagesnode,maxpagestask,avepages,mincpu,"
            + "mincpunode,mincputask,avecpu,ntasks,alloccpus,elapsed,state,exitcode,avecpufreq,reqcpufreqmin,"
            + "reqcpufreqmax,reqcpufreqgov,reqmem,consumedenergy,maxdiskread,maxdiskreadnode,maxdiskreadtask,"
            + "avediskread,maxdiskwrite,maxdiskwritenode,maxdiskwritetask,avediskwrite,reqtres,alloctres,"
            + "tresusageinave,tresusageinmax,tresusageinmaxn,tresusageinmaxt,tresusageinmin,tresusageinminn,"
            + "tresusageinmint,tresusageintot,tresusageoutmax,tresusageoutmaxn,tresusageoutmaxt,tresusageoutave,"
            + "tresusageouttot";

    private static final Map<String, SacctField> BY_NAME = new LinkedHashMap<>();

    static {
        field("Account", 10, (r, c) -> r.job().getAccount());
        field("AdminComment", 15, (r, c) -> "");
        field("AllocCPUS", 10, (r, c) -> Long.toString(allocCpus(r)));
        field("AllocNodes", 10, (r, c) -> r.step().map(s -> Integer.toUnsignedString(s.getNodes()))
                .orElse(Integer.toUnsignedString(r.job().getAllocNodes())));
        field("AllocTRES", 10, (r, c) -> UsageText.tres(r.step().map(AcctStep::getTresAllocated)
                .orElse(r.job().getTresAllocated())));
        field("AssocID", 7, (r, c) -> "");
        stepOnly("AveCPU", 10, (s, c) -> "");
        stepOnly("AveCPUFreq", 10, (s, c) -> "");
        stepOnly("AveDiskRead", 14, (s, c) -> "");
        stepOnly("AveDiskWrite", 14, (s, c) -> "");
        stepOnly("AvePages", 10, (s, c) -> "");
        stepOnly("AveRSS", 10, (s, c) -> UsageText.size(c, s.getAveRssBytes(), true));
        stepOnly("AveVMSize", 10, (s, c) -> "");
        field("Cluster", 10, (r, c) -> r.job().getCluster());
        jobOnly("Comment", 14, (j, c) -> j.getComment());
        stepOnly("ConsumedEnergy", 14, (s, c) -> "0");
        stepOnly("ConsumedEnergyRaw", 17, (s, c) -> "0");
        field("CPUTime", 10, (r, c) -> UsageText.elapsed(r.elapsedSeconds(c.nowSeconds()) * allocCpus(r)));
        field("CPUTimeRAW", 10, (r, c) -> Long.toString(r.elapsedSeconds(c.nowSeconds()) * allocCpus(r)));
        jobOnly("DerivedExitCode", 15, (j, c) -> j.getDerivedExitCode() + ":" + j.getDerivedExitSignal());
        field("Elapsed", 10, (r, c) -> UsageText.elapsed(r.elapsedSeconds(c.nowSeconds())));
        field("ElapsedRaw", 10, (r, c) -> Long.toString(r.elapsedSeconds(c.nowSeconds())));
        jobOnly("Eligible", 19, (j, c) -> UsageText.date(j.getEligibleTime(), c.zone()));
        field("End", 19, (r, c) -> UsageText.date(r.end(), c.zone()));
        field("ExitCode", 8, (r, c) -> r.step().map(s -> s.getExitCode() + ":" + s.getExitSignal())
                .orElse(r.job().getExitCode() + ":" + r.job().getExitSignal()));
        field("Flags", 19, (r, c) -> "");
        jobOnly("GID", 6, (j, c) -> Integer.toUnsignedString(j.getGid()));
        jobOnly("Group", 9, (j, c) -> j.getGroupName());
        field("JobID", -12, (r, c) -> r.jobIdText() + r.stepSuffix());
        field("JobIDRaw", -12, (r, c) -> Integer.toUnsignedString(r.job().getJobId()) + r.stepSuffix());
        field("JobName", 10, (r, c) -> r.step().map(AcctStep::getName).orElse(r.job().getName()));
        field("Layout", 9, (r, c) -> "");
        stepOnly("MaxDiskRead", 12, (s, c) -> UsageText.size(c, s.getDiskReadBytes(), true));
        stepOnly("MaxDiskReadNode", 15, (s, c) -> "");
        stepOnly("MaxDiskReadTask", 15, (s, c) -> "");
        stepOnly("MaxDiskWrite", 12, (s, c) -> UsageText.size(c, s.getDiskWriteBytes(), true));
        stepOnly("MaxDiskWriteNode", 16, (s, c) -> "");
        stepOnly("MaxDiskWriteTask", 16, (s, c) -> "");
        stepOnly("MaxPages", 8, (s, c) -> "");
        stepOnly("MaxPagesNode", 12, (s, c) -> "");
        stepOnly("MaxPagesTask", 14, (s, c) -> "");
        stepOnly("MaxRSS", 10, (s, c) -> UsageText.size(c, s.getMaxRssBytes(), true));
        stepOnly("MaxRSSNode", 10, (s, c) -> "");
        stepOnly("MaxRSSTask", 10, (s, c) -> "");
        stepOnly("MaxVMSize", 10, (s, c) -> UsageText.size(c, s.getMaxVmsizeBytes(), true));
        stepOnly("MaxVMSizeNode", 14, (s, c) -> "");
        stepOnly("MaxVMSizeTask", 14, (s, c) -> "");
        stepOnly("MinCPU", 10, (s, c) -> "");
        stepOnly("MinCPUNode", 10, (s, c) -> "");
        stepOnly("MinCPUTask", 10, (s, c) -> "");
        field("NCPUS", 10, (r, c) -> Long.toString(allocCpus(r)));
        field("NNodes", 8, (r, c) -> r.step().map(s -> Integer.toUnsignedString(s.getNodes()))
                .orElse(Integer.toUnsignedString(r.job().getAllocNodes())));
        field("NodeList", 15, (r, c) -> r.step().map(AcctStep::getNodeList).orElse(
                r.job().getNodeList().isEmpty() ? "None assigned" : r.job().getNodeList()));
        stepOnly("NTasks", 8, (s, c) -> Integer.toUnsignedString(s.getTasks()));
        jobOnly("Priority", 10, (j, c) -> Integer.toUnsignedString(j.getPriority()));
        jobOnly("Partition", 10, (j, c) -> j.getPartition());
        jobOnly("QOS", 10, (j, c) -> j.getQos());
        jobOnly("Reason", 22, (j, c) -> j.getReason().isEmpty() ? "None" : j.getReason());
        stepOnly("ReqCPUFreq", 10, (s, c) -> "Unknown");
        stepOnly("ReqCPUFreqMin", 13, (s, c) -> "Unknown");
        stepOnly("ReqCPUFreqMax", 13, (s, c) -> "Unknown");
        stepOnly("ReqCPUFreqGov", 13, (s, c) -> "Unknown");
        jobOnly("ReqCPUS", 8, (j, c) -> Integer.toUnsignedString(j.getReqCpus()));
        jobOnly("ReqMem", 10, (j, c) -> j.hasReqMemMb() ? c.sizes().format(j.getReqMemMb(), SizeUnit.M) : "0");
        jobOnly("ReqNodes", 8, (j, c) -> Long.toString(Math.max(1, UsageText.tresCount(j.getTresRequested(), "node"))));
        jobOnly("ReqTRES", 10, (j, c) -> UsageText.tres(j.getTresRequested()));
        field("Reservation", 20, (r, c) -> "");
        field("Start", 19, (r, c) -> UsageText.date(r.start(), c.zone()));
        field("State", 10, (r, c) -> r.step().map(AcctStep::getState).orElseGet(() -> jobState(r.job())));
        field("Submit", 19, (r, c) -> UsageText.date(r.step().map(AcctStep::getStartTime)
                .orElse(r.job().getSubmitTime()), c.zone()));
        jobOnly("Suspended", 10, (j, c) -> UsageText.elapsed(j.getSuspendedSeconds()));
        field("SystemCPU", 10, (r, c) -> UsageText.cpuTime(r.systemCpuMicros()));
        jobOnly("Timelimit", 10, (j, c) -> UsageText.timeLimit(j.hasTimeLimitMinutes(),
                Integer.toUnsignedLong(j.getTimeLimitMinutes())));
        jobOnly("TimelimitRaw", 10, (j, c) -> j.hasTimeLimitMinutes() ? Integer.toUnsignedString(j.getTimeLimitMinutes())
                : "UNLIMITED");
        field("TotalCPU", 10, (r, c) -> UsageText.cpuTime(r.userCpuMicros() + r.systemCpuMicros()));
        stepOnly("TRESUsageInAve", 14, (s, c) -> UsageText.tres(s.getTresUsageInAve()));
        stepOnly("TRESUsageInMax", 14, (s, c) -> UsageText.tres(s.getTresUsageInMax()));
        stepOnly("TRESUsageInMaxNode", 18, (s, c) -> "");
        stepOnly("TRESUsageInMaxTask", 18, (s, c) -> "");
        stepOnly("TRESUsageInMin", 14, (s, c) -> "");
        stepOnly("TRESUsageInMinNode", 18, (s, c) -> "");
        stepOnly("TRESUsageInMinTask", 18, (s, c) -> "");
        stepOnly("TRESUsageInTot", 14, (s, c) -> UsageText.tres(s.getTresUsageInTot()));
        stepOnly("TRESUsageOutAve", 15, (s, c) -> "");
        stepOnly("TRESUsageOutMax", 15, (s, c) -> UsageText.tres(s.getTresUsageOutMax()));
        stepOnly("TRESUsageOutMaxNode", 19, (s, c) -> "");
        stepOnly("TRESUsageOutMaxTask", 19, (s, c) -> "");
        stepOnly("TRESUsageOutMin", 15, (s, c) -> "");
        stepOnly("TRESUsageOutMinNode", 19, (s, c) -> "");
        stepOnly("TRESUsageOutMinTask", 19, (s, c) -> "");
        stepOnly("TRESUsageOutTot", 15, (s, c) -> UsageText.tres(s.getTresUsageOutTot()));
        jobOnly("UID", 6, (j, c) -> Integer.toUnsignedString(j.getUid()));
        jobOnly("User", 9, (j, c) -> j.getUserName());
        field("UserCPU", 10, (r, c) -> UsageText.cpuTime(r.userCpuMicros()));
        field("WCKey", 10, (r, c) -> "");
        field("WCKeyID", 10, (r, c) -> "");
        jobOnly("WorkDir", 20, (j, c) -> j.getWorkDir());
    }

    private SacctFields() {
    }

    /** A field by name, any case; the long list's abbreviations ({@code tresusageinmaxn}) included. */
    public static Optional<SacctField> named(String name) {
        String key = name.toLowerCase(Locale.ROOT);
        SacctField exact = BY_NAME.get(key);
        if (exact != null) {
            return Optional.of(exact);
        }
        return BY_NAME.values().stream().filter(f -> f.name().toLowerCase(Locale.ROOT).startsWith(key)).findFirst();
    }

    public static List<SacctField> all() {
        return new ArrayList<>(BY_NAME.values());
    }

    /**
     * Fields from a {@code --format} list: {@code name}, or {@code name%width} (a negative width
     * left-justifies).
     *
     * @throws IllegalArgumentException naming the first field sacct does not know
     */
    public static List<SacctField> parse(String format) {
        List<SacctField> fields = new ArrayList<>();
        for (FormatItem item : FormatItem.parseList(format)) {
            SacctField field = named(item.name()).orElseThrow(() -> new IllegalArgumentException(
                    "Invalid field requested: \"" + item.name() + "\""));
            fields.add(item.width().isPresent() ? field.withWidth(item.width().getAsInt()) : field);
        }
        return fields;
    }

    /** A job's state as sacct shows it: {@code CANCELLED by 1001} when someone cancelled it. */
    static String jobState(AcctJob job) {
        if (job.getState().equals("CANCELLED") && job.hasCancelledBy()) {
            return "CANCELLED by " + Integer.toUnsignedString(job.getCancelledBy());
        }
        return job.getState();
    }

    static long allocCpus(SacctRow r) {
        return r.step().map(s -> UsageText.tresCount(s.getTresAllocated(), "cpu"))
                .orElse(Integer.toUnsignedLong(r.job().getAllocCpus()));
    }

    private static void field(String name, int width, BiFunction<SacctRow, SacctContext, String> value) {
        BY_NAME.put(name.toLowerCase(Locale.ROOT), new SacctField(name, width, value));
    }

    /** Blank on step lines. */
    private static void jobOnly(String name, int width, BiFunction<AcctJob, SacctContext, String> value) {
        field(name, width, (r, c) -> r.isStep() ? "" : value.apply(r.job(), c));
    }

    /** Measured per step: blank on job lines. */
    private static void stepOnly(String name, int width, BiFunction<AcctStep, SacctContext, String> value) {
        field(name, width, (r, c) -> r.step().map(s -> value.apply(s, c)).orElse(""));
    }
}
