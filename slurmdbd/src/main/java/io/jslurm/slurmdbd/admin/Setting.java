package io.jslurm.slurmdbd.admin;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * One settable property of a QOS or an association: the names sacctmgr accepts for it (lower case),
 * the column it lives in, how its value is read, and the title sacctmgr shows it under.
 */
record Setting(List<String> names, String column, Kind kind, String title) {

    enum Kind { COUNT, TRES, WALL, TEXT, NUMBER, PREEMPT_MODE, SECONDS, GRACE }

    static final List<Setting> QOS = List.of(
            new Setting(List.of("description"), "description", Kind.TEXT, "Descr"),
            new Setting(List.of("priority"), "priority", Kind.COUNT, "Priority"),
            new Setting(List.of("gracetime"), "grace_time", Kind.GRACE, "GraceTime"),
            new Setting(List.of("preempt"), "preempt", Kind.TEXT, "Preempt"),
            new Setting(List.of("preemptmode"), "preempt_mode", Kind.PREEMPT_MODE, "PreemptMode"),
            new Setting(List.of("preemptexempttime"), "preempt_exempt_time", Kind.SECONDS, "PreemptExemptTime"),
            new Setting(List.of("flags"), "flags", Kind.TEXT, "Flags"),
            new Setting(List.of("usagefactor"), "usage_factor", Kind.NUMBER, "UsageFactor"),
            new Setting(List.of("grptres"), "grp_tres", Kind.TRES, "GrpTRES"),
            new Setting(List.of("grpjobs"), "grp_jobs", Kind.COUNT, "GrpJobs"),
            new Setting(List.of("grpsubmitjobs", "grpsubmit"), "grp_submit_jobs", Kind.COUNT, "GrpSubmit"),
            new Setting(List.of("grpwall"), "grp_wall", Kind.WALL, "GrpWall"),
            new Setting(List.of("maxtresperjob", "maxtres", "maxtrespj"), "max_tres_pj", Kind.TRES, "MaxTRES"),
            new Setting(List.of("maxtrespernode", "maxtrespn"), "max_tres_pn", Kind.TRES, "MaxTRESPerNode"),
            new Setting(List.of("maxwalldurationperjob", "maxwall"), "max_wall_duration_per_job", Kind.WALL, "MaxWall"),
            new Setting(List.of("maxtresperuser", "maxtrespu"), "max_tres_per_user", Kind.TRES, "MaxTRESPU"),
            new Setting(List.of("maxjobsperuser", "maxjobspu"), "max_jobs_per_user", Kind.COUNT, "MaxJobsPU"),
            new Setting(List.of("maxsubmitjobsperuser", "maxsubmitpu"), "max_submit_jobs_pu", Kind.COUNT, "MaxSubmitPU"),
            new Setting(List.of("maxtresperaccount", "maxtrespa"), "max_tres_pa", Kind.TRES, "MaxTRESPA"),
            new Setting(List.of("maxjobsperaccount", "maxjobspa"), "max_jobs_pa", Kind.COUNT, "MaxJobsPA"),
            new Setting(List.of("maxsubmitjobsperaccount", "maxsubmitpa"), "max_submit_jobs_pa", Kind.COUNT, "MaxSubmitPA"),
            new Setting(List.of("mintresperjob", "mintres"), "min_tres_pj", Kind.TRES, "MinTRES"),
            new Setting(List.of("grptresmins"), "grp_tres_mins", Kind.TRES, "GrpTRESMins"),
            new Setting(List.of("maxtresminsperjob", "maxtresmins"), "max_tres_mins_pj", Kind.TRES, "MaxTRESMins"));

    static final List<Setting> ASSOCIATION = List.of(
            new Setting(List.of("fairshare", "shares"), "shares", Kind.COUNT, "Share"),
            new Setting(List.of("priority"), "priority", Kind.COUNT, "Priority"),
            new Setting(List.of("grpjobs"), "grp_jobs", Kind.COUNT, "GrpJobs"),
            new Setting(List.of("grptres"), "grp_tres", Kind.TRES, "GrpTRES"),
            new Setting(List.of("grpsubmitjobs", "grpsubmit"), "grp_submit_jobs", Kind.COUNT, "GrpSubmit"),
            new Setting(List.of("grpwall"), "grp_wall", Kind.WALL, "GrpWall"),
            new Setting(List.of("maxjobs"), "max_jobs", Kind.COUNT, "MaxJobs"),
            new Setting(List.of("maxtresperjob", "maxtres"), "max_tres_pj", Kind.TRES, "MaxTRES"),
            new Setting(List.of("maxsubmitjobs", "maxsubmit"), "max_submit_jobs", Kind.COUNT, "MaxSubmit"),
            new Setting(List.of("maxwalldurationperjob", "maxwall"), "max_wall_pj", Kind.WALL, "MaxWall"),
            new Setting(List.of("qos", "qoslevel"), "qos", Kind.TEXT, "QOS"),
            new Setting(List.of("grptresmins"), "grp_tres_mins", Kind.TRES, "GrpTRESMins"),
            new Setting(List.of("maxtresminsperjob", "maxtresmins"), "max_tres_mins_pj", Kind.TRES, "MaxTRESMins"));

    static Optional<Setting> find(List<Setting> settings, String name) {
        String key = name.toLowerCase(Locale.ROOT);
        return settings.stream().filter(s -> s.names().contains(key)).findFirst();
    }

    /** The value to store: null clears a limit. */
    Object parse(String value) throws AdminException {
        return switch (kind) {
            case COUNT, GRACE -> Limits.count(value);
            case TRES -> Limits.tres(value);
            case WALL -> Limits.wallMinutes(value);
            case TEXT -> value.strip();
            case PREEMPT_MODE -> QosPreemptList.mode(value);
            case SECONDS -> Limits.seconds(value);
            case NUMBER -> {
                try {
                    yield Double.valueOf(value.strip());
                } catch (NumberFormatException bad) {
                    throw new AdminException("Invalid value: " + value);
                }
            }
        };
    }

    /** The stored value as sacctmgr shows it. */
    String show(Object stored) {
        if (kind == Kind.PREEMPT_MODE) {
            return QosPreemptList.showMode(stored);
        }
        if (kind == Kind.GRACE) {
            // set in seconds, shown as a time; none is no grace time at all
            return Limits.showSeconds(stored == null ? 0 : stored);
        }
        if (stored == null) {
            return "";
        }
        return switch (kind) {
            case WALL -> Limits.showWall(stored);
            case SECONDS -> Limits.showSeconds(stored);
            case NUMBER -> {
                double d = ((Number) stored).doubleValue();
                yield String.format(Locale.ROOT, "%.6f", d);
            }
            default -> stored.toString();
        };
    }
}
