package io.jslurm.cli.sreport;

import io.jslurm.cli.client.CommandLine;
import io.jslurm.common.time.TimeSpec;
import java.time.Instant;
import java.time.InstantSource;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The words after sreport's options: {@code cluster utilization} or {@code user topusage} and their
 * conditions ({@code start=}, {@code end=}, {@code users=}, {@code accounts=}, {@code topcount=}, {@code group},
 * {@code clusters=}). Report periods are whole hours, as in Slurm: both ends are cut to the hour, and the
 * default is yesterday.
 */
record ReportRequest(Kind kind, Instant start, Instant end, List<String> users, List<String> accounts,
                     int topCount, boolean group, Optional<String> cluster) {

    enum Kind { CLUSTER_UTILIZATION, USER_TOP_USAGE }

    private static final long HOUR = 3_600;

    static ReportRequest parse(List<String> words, InstantSource clock, ZoneId zone) {
        if (words.size() < 2) {
            throw new IllegalArgumentException(words.isEmpty() ? "no report given (cluster utilization, user topusage)"
                    : "not enough arguments for " + words.get(0));
        }
        Kind kind = kind(words.get(0), words.get(1));
        Optional<Instant> start = Optional.empty();
        Optional<Instant> end = Optional.empty();
        List<String> users = new ArrayList<>();
        List<String> accounts = new ArrayList<>();
        int topCount = 10;
        boolean group = false;
        Optional<String> cluster = Optional.empty();
        for (String word : words.subList(2, words.size())) {
            int eq = word.indexOf('=');
            String key = (eq < 0 ? word : word.substring(0, eq)).toLowerCase(Locale.ROOT);
            String value = eq < 0 ? "" : word.substring(eq + 1);
            if (eq < 0 && key.equals("group")) {
                group = true;
            } else if (eq < 0 && (key.equals("all_clusters") || key.equals("allclusters"))) {
                cluster = Optional.empty();
            } else if (eq < 0) {
                throw new IllegalArgumentException("Unknown condition: " + word);
            } else if (key.startsWith("star")) {
                start = Optional.of(time(value, clock, zone));
            } else if (key.startsWith("end")) {
                end = Optional.of(time(value, clock, zone));
            } else if (key.startsWith("user")) {
                users.addAll(CommandLine.list(value));
            } else if (key.startsWith("acc")) {
                accounts.addAll(CommandLine.list(value));
            } else if (key.startsWith("cluster")) {
                cluster = CommandLine.list(value).stream().findFirst();
            } else if (key.startsWith("topc")) {
                topCount = count(value);
            } else {
                throw new IllegalArgumentException("Unknown condition: " + word);
            }
        }
        Instant today = LocalDate.ofInstant(clock.instant(), zone).atStartOfDay(zone).toInstant();
        Instant to = hour(end.orElse(today));
        Instant from = hour(start.orElse(to.minusSeconds(86_400)));
        if (!to.isAfter(from)) {
            // Slurm reports at least the hour that starts at the start.
            to = from.plusSeconds(HOUR);
        }
        return new ReportRequest(kind, from, to, List.copyOf(users), List.copyOf(accounts), topCount, group, cluster);
    }

    private static Kind kind(String entity, String report) {
        String e = entity.toLowerCase(Locale.ROOT);
        String r = report.toLowerCase(Locale.ROOT);
        if (e.length() >= 2 && "cluster".startsWith(e) && r.length() >= 2 && "utilization".startsWith(r)) {
            return Kind.CLUSTER_UTILIZATION;
        }
        if (e.length() >= 1 && "user".startsWith(e) && r.length() >= 1 && "topusage".startsWith(r)) {
            return Kind.USER_TOP_USAGE;
        }
        throw new IllegalArgumentException("Not valid report " + entity + " " + report
                + " (this sreport has cluster utilization and user topusage)");
    }

    private static Instant time(String text, InstantSource clock, ZoneId zone) {
        try {
            return TimeSpec.parse(text).resolve(clock, zone);
        } catch (IllegalArgumentException bad) {
            throw new IllegalArgumentException("Invalid time specification: " + text);
        }
    }

    private static int count(String text) {
        try {
            int n = Integer.parseInt(text.strip());
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new IllegalArgumentException("Invalid TopCount: " + text);
    }

    private static Instant hour(Instant time) {
        long s = time.getEpochSecond();
        return Instant.ofEpochSecond(s - Math.floorMod(s, HOUR));
    }
}
