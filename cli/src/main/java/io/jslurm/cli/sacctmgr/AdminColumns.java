package io.jslurm.cli.sacctmgr;

import io.jslurm.cli.sacct.FormatItem;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The columns sacctmgr shows for each entity, by default or from {@code format=}, with their widths. */
final class AdminColumns {

    record Column(String title, int width) {
    }

    private static final Map<String, String> DEFAULTS = Map.of(
            "cluster", "Cluster,ControlHost,ControlPort,RPC",
            "account", "Account,Descr,Org",
            "user", "User,Def Acct,Admin",
            "qos", "Name,Priority,GraceTime,Preempt,PreemptExemptTime,PreemptMode,Flags,UsageFactor,GrpTRES,GrpTRESMins,GrpJobs,"
                    + "GrpSubmit,GrpWall,MaxTRES,MaxTRESPerNode,MaxTRESMins,MaxWall,MaxTRESPU,MaxJobsPU,MaxSubmitPU,MaxTRESPA,MaxJobsPA,MaxSubmitPA,MinTRES",
            "association", "Cluster,Account,User,Partition,Share,Priority,GrpJobs,GrpTRES,GrpSubmit,GrpWall,"
                    + "GrpTRESMins,MaxJobs,MaxTRES,MaxSubmit,MaxWall,MaxTRESMins,QOS,Def QOS");

    private static final Map<String, String> ALIASES = Map.ofEntries(
            Map.entry("defaultaccount", "Def Acct"), Map.entry("defacct", "Def Acct"), Map.entry("adminlevel", "Admin"),
            Map.entry("description", "Descr"), Map.entry("organization", "Org"), Map.entry("maxtresperuser", "MaxTRESPU"),
            Map.entry("maxjobsperuser", "MaxJobsPU"), Map.entry("maxwalldurationperjob", "MaxWall"),
            Map.entry("fairshare", "Share"), Map.entry("defaultqos", "Def QOS"), Map.entry("defqos", "Def QOS"),
            Map.entry("parentname", "Par Name"), Map.entry("parname", "Par Name"), Map.entry("maxsubmitjobsperuser", "MaxSubmitPU"),
            Map.entry("maxtresperjob", "MaxTRES"), Map.entry("maxsubmitjobs", "MaxSubmit"), Map.entry("grpsubmitjobs", "GrpSubmit"),
            Map.entry("maxtresminsperjob", "MaxTRESMins"));

    private static final Map<String, Integer> WIDTHS = Map.ofEntries(
            Map.entry("Descr", 20), Map.entry("Org", 20), Map.entry("ControlHost", 15), Map.entry("ControlPort", 12),
            Map.entry("RPC", 5), Map.entry("Admin", 9), Map.entry("Share", 9), Map.entry("QOS", 20),
            Map.entry("GrpTRES", 13), Map.entry("MaxTRES", 13), Map.entry("MaxTRESPU", 13), Map.entry("MaxTRESPA", 13),
            Map.entry("MinTRES", 13), Map.entry("MaxTRESPerNode", 14), Map.entry("PreemptMode", 11), Map.entry("PreemptExemptTime", 19),
            Map.entry("UsageFactor", 11), Map.entry("MaxSubmitPU", 11), Map.entry("MaxSubmitPA", 11),
            Map.entry("MaxJobsPU", 9), Map.entry("MaxJobsPA", 9), Map.entry("GrpSubmit", 9), Map.entry("MaxSubmit", 9),
            Map.entry("GrpJobs", 7), Map.entry("MaxJobs", 7), Map.entry("GrpWall", 11), Map.entry("MaxWall", 11),
            Map.entry("Def QOS", 9), Map.entry("Partition", 10),
            Map.entry("GrpTRESMins", 13), Map.entry("MaxTRESMins", 13));

    private AdminColumns() {
    }

    static List<Column> of(String entity, String format) {
        List<Column> columns = new ArrayList<>();
        for (FormatItem item : FormatItem.parseList(format)) {
            String title = title(entity, item.name());
            columns.add(new Column(title, item.width().orElse(WIDTHS.getOrDefault(title, 10))));
        }
        return columns;
    }

    static List<Column> defaults(String entity) {
        return of(entity, DEFAULTS.get(entity));
    }

    private static String title(String entity, String name) {
        String key = name.toLowerCase(Locale.ROOT).replace(" ", "");
        if (ALIASES.containsKey(key)) {
            return ALIASES.get(key);
        }
        for (String known : (DEFAULTS.get(entity) + ",Par Name,Descr,Org,Name,User,Account,Cluster").split(",")) {
            if (known.toLowerCase(Locale.ROOT).replace(" ", "").equals(key)) {
                return known;
            }
        }
        if (key.equals("name")) {
            return entity.equals("user") ? "User" : entity.equals("account") ? "Account" : "Name";
        }
        return name;
    }
}
