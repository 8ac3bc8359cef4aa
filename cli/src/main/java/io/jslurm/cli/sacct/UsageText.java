package io.jslurm.cli.sacct;

import io.jslurm.common.time.Elapsed;
import io.jslurm.common.time.TimeLimit;
import io.jslurm.common.time.Timestamps;
import io.jslurm.common.tres.Tres;
import io.jslurm.common.units.SizeUnit;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** How sacct writes times, CPU time, sizes and TRES. */
public final class UsageText {

    /** The fixed TRES ids of accounting; records may carry TRES by id or by name. */
    private static final Map<String, String> TRES_IDS = Map.of("1", "cpu", "2", "mem", "3", "energy", "4", "node",
            "5", "billing", "6", "fs/disk", "7", "vmem", "8", "pages");

    private UsageText() {
    }

    /** A date, {@code Unknown} when not reached (0). */
    static String date(long epochSeconds, ZoneId zone) {
        return epochSeconds == 0 ? Timestamps.UNKNOWN : Timestamps.format(Instant.ofEpochSecond(epochSeconds), zone);
    }

    static String elapsed(long seconds) {
        return new Elapsed(seconds).toPaddedString();
    }

    static String timeLimit(boolean set, long minutes) {
        return set ? TimeLimit.ofMinutes(minutes).toPaddedString() : TimeLimit.UNLIMITED.toPaddedString();
    }

    /** CPU time as sacct prints TotalCPU/UserCPU/SystemCPU: {@code MM:SS.mmm} under an hour, then {@code [D-]HH:MM:SS}. */
    static String cpuTime(long micros) {
        return cpuTime(micros, true);
    }

    /**
     * CPU time in Slurm's elapsed form; without {@code subSeconds} (sstat's AveCPU and MinCPU, which Slurm keeps in
     * whole seconds) a time under an hour is {@code 00:MM:SS}.
     */
    public static String cpuTime(long micros, boolean subSeconds) {
        long seconds = micros / 1_000_000;
        long days = seconds / 86_400;
        long hours = seconds / 3_600 % 24;
        long minutes = seconds / 60 % 60;
        long secs = seconds % 60;
        if (days > 0) {
            return String.format(Locale.ROOT, "%d-%02d:%02d:%02d", days, hours, minutes, secs);
        }
        if (hours > 0) {
            return String.format(Locale.ROOT, "%02d:%02d:%02d", hours, minutes, secs);
        }
        if (!subSeconds) {
            return String.format(Locale.ROOT, "00:%02d:%02d", minutes, secs);
        }
        return String.format(Locale.ROOT, "%02d:%02d.%03d", minutes, secs, micros / 1_000 % 1_000);
    }

    /** A TRES string in names, Slurm's order and memory units, whether it came by ids or names. */
    public static String tres(String text) {
        if (text.isBlank()) {
            return "";
        }
        List<String> named = new ArrayList<>();
        for (String item : text.split(",")) {
            int equals = item.indexOf('=');
            if (equals <= 0) {
                continue;
            }
            String key = item.substring(0, equals).strip();
            String value = item.substring(equals + 1).strip();
            String name = TRES_IDS.getOrDefault(key, key);
            if (name.chars().allMatch(Character::isDigit)) {
                continue; // a TRES id this command has no name for
            }
            boolean memory = name.equals("mem") || name.equals("vmem");
            named.add(name + "=" + value + (memory && value.chars().allMatch(Character::isDigit) ? "M" : ""));
        }
        try {
            return Tres.parse(String.join(",", named)).toString();
        } catch (IllegalArgumentException unreadable) {
            return text;
        }
    }

    /** The count of one TRES in a string of either form, 0 when absent. */
    static long tresCount(String text, String name) {
        for (String item : text.split(",")) {
            int equals = item.indexOf('=');
            if (equals > 0 && TRES_IDS.getOrDefault(item.substring(0, equals).strip(), item.substring(0, equals).strip()).equals(name)) {
                try {
                    return Long.parseLong(item.substring(equals + 1).strip());
                } catch (NumberFormatException notPlain) {
                    return 0;
                }
            }
        }
        return 0;
    }

    static String size(SacctContext context, long bytes, boolean shown) {
        if (!shown) {
            return "";
        }
        return context.sizes().format(bytes / 1024.0, SizeUnit.K);
    }
}
