package io.jslurm.cli.sacct;

import io.jslurm.cli.client.CommandLine;
import io.jslurm.cli.opt.Option;
import io.jslurm.cli.opt.ParsedOptions;
import io.jslurm.common.jobid.JobIdSpec;
import io.jslurm.common.time.TimeSpec;
import io.jslurm.common.units.SizeFormatter;
import io.jslurm.common.units.SizeUnit;
import java.time.Instant;
import java.time.InstantSource;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** sacct's command line, read into what the query and the layout need. */
record SacctOptions(List<SacctField> fields, FieldTable.Mode mode, String delimiter, boolean header,
                    boolean allocationsOnly, boolean json, boolean help, boolean version, boolean allUsers,
                    List<String> users, List<String> accounts, List<JobIdSpec> jobs, List<String> states,
                    List<String> partitions, List<String> names, String nodeList, boolean duplicates,
                    Optional<Instant> start, Optional<Instant> end, SizeFormatter sizes, List<String> clusters) {

    static final List<Option> OPTIONS = List.of(
            Option.flag("allusers", 'a'), Option.value("accounts", 'A'), Option.flag("brief", 'b'),
            Option.flag("completion", 'c'), Option.flag("duplicates", 'D'), Option.value("delimiter"),
            Option.value("endtime", 'E'), Option.flag("helpformat", 'e'), Option.flag("help", 'h'),
            Option.value("jobs", 'j'), Option.flag("long", 'l'), Option.flag("allclusters", 'L'),
            Option.value("clusters", 'M'), Option.flag("noheader", 'n'), Option.value("name"),
            Option.value("nodelist", 'N'), Option.flag("noconvert"), Option.value("format", 'o'),
            Option.flag("parsable", 'p'), Option.flag("parsable2", 'P'), Option.value("partition", 'r'),
            Option.value("state", 's'), Option.value("starttime", 'S'), Option.value("user", 'u'),
            Option.value("uid"), Option.value("units"), Option.flag("usage"), Option.flag("verbose", 'v'),
            Option.flag("version", 'V'), Option.flag("allocations", 'X'), Option.flag("json"), Option.flag("yaml"),
            Option.value("qos", 'q'), Option.flag("local"), Option.flag("federation"), Option.flag("array"),
            Option.value("group", 'g'), Option.flag("truncate", 'T'), Option.flag("use-local-uid"));

    static final class Refused extends Exception {
        Refused(String message) {
            super(message);
        }
    }

    /**
     * @param callerIsRoot without -u or -a, root sees every user's jobs and anyone else only their own
     */
    static SacctOptions from(ParsedOptions parsed, InstantSource clock, ZoneId zone, String callerName,
                             boolean callerIsRoot) throws Refused {
        String format = SacctFields.DEFAULT_FORMAT;
        FieldTable.Mode mode = FieldTable.Mode.FIXED;
        String delimiter = "|";
        boolean header = true;
        boolean allocations = false;
        boolean json = false;
        boolean help = false;
        boolean version = false;
        boolean allUsers = false;
        boolean duplicates = false;
        boolean noConvert = false;
        Optional<SizeUnit> units = Optional.empty();
        List<String> users = new ArrayList<>();
        List<String> accounts = new ArrayList<>();
        List<JobIdSpec> jobs = new ArrayList<>();
        List<String> states = new ArrayList<>();
        List<String> partitions = new ArrayList<>();
        List<String> names = new ArrayList<>();
        List<String> clusters = new ArrayList<>();
        String nodeList = "";
        Optional<String> startText = Optional.empty();
        Optional<String> endText = Optional.empty();
        for (ParsedOptions.Given given : parsed.options()) {
            String value = given.value();
            switch (given.option().longName()) {
                case "allusers" -> allUsers = true;
                case "accounts" -> accounts.addAll(CommandLine.list(value));
                case "brief" -> format = SacctFields.BRIEF_FORMAT;
                case "long" -> format = SacctFields.LONG_FORMAT;
                case "format" -> format = value;
                case "duplicates" -> duplicates = true;
                case "delimiter" -> delimiter = value;
                case "endtime" -> endText = Optional.of(value);
                case "starttime" -> startText = Optional.of(value);
                case "help", "usage", "helpformat" -> help = true;
                case "version" -> version = true;
                case "jobs" -> {
                    for (String item : CommandLine.list(value)) {
                        try {
                            jobs.add(JobIdSpec.parse(item));
                        } catch (IllegalArgumentException bad) {
                            throw new Refused("Invalid job id: " + item);
                        }
                    }
                }
                case "clusters" -> clusters.addAll(CommandLine.list(value));
                case "noheader" -> header = false;
                case "name" -> names.addAll(CommandLine.list(value));
                case "nodelist" -> nodeList = value;
                case "noconvert" -> noConvert = true;
                case "units" -> {
                    try {
                        units = Optional.of(SizeUnit.parse(value));
                    } catch (IllegalArgumentException bad) {
                        throw new Refused("Invalid unit type: " + value);
                    }
                }
                case "parsable" -> mode = FieldTable.Mode.PARSABLE;
                case "parsable2" -> mode = FieldTable.Mode.PARSABLE2;
                case "partition" -> partitions.addAll(CommandLine.list(value));
                case "state" -> {
                    for (String state : CommandLine.list(value)) {
                        states.add(SacctStates.parse(state).orElseThrow(() -> new Refused("Invalid state: " + state)));
                    }
                }
                case "user", "uid" -> {
                    for (String user : CommandLine.list(value)) {
                        if (user.equalsIgnoreCase("all") || user.equals("-1")) {
                            allUsers = true;
                        } else {
                            users.add(user);
                        }
                    }
                }
                case "allocations" -> allocations = true;
                case "json" -> json = true;
                default -> {
                    // accepted for compatibility; no effect here
                }
            }
        }
        List<SacctField> fields;
        try {
            fields = SacctFields.parse(format);
        } catch (IllegalArgumentException unknown) {
            throw new Refused(unknown.getMessage());
        }
        if (!allUsers && users.isEmpty() && !callerIsRoot) {
            users.add(callerName);
        }
        if (allUsers) {
            users.clear();
        }
        Instant now = clock.instant();
        Optional<Instant> start = startText.isPresent() ? Optional.of(time(startText.get(), clock, zone))
                : !jobs.isEmpty() ? Optional.empty()
                : !states.isEmpty() ? Optional.of(now)
                : Optional.of(LocalDate.ofInstant(now, zone).atStartOfDay(zone).toInstant());
        Optional<Instant> end = endText.isPresent() ? Optional.of(time(endText.get(), clock, zone))
                : !states.isEmpty() && start.isPresent() ? start : Optional.of(now);
        if (start.isPresent() && end.isPresent() && end.get().isBefore(start.get())) {
            throw new Refused("start time (" + start.get() + ") is after end time (" + end.get() + ")");
        }
        SizeFormatter sizes = units.map(SizeFormatter::in)
                .orElse(noConvert ? SizeFormatter.noConvert() : SizeFormatter.exact());
        return new SacctOptions(fields, mode, delimiter, header, allocations, json, help, version, allUsers, users,
                accounts, jobs, states, partitions, names, nodeList, duplicates, start, end, sizes, clusters);
    }

    /** A -S/-E time; a bare time of day means today, as sacct reads it (not the next such time). */
    private static Instant time(String text, InstantSource clock, ZoneId zone) throws Refused {
        try {
            Instant resolved = TimeSpec.parse(text).resolve(clock, zone);
            if (text.strip().toUpperCase(Locale.ROOT).matches("\\d{1,2}:\\d{2}(:\\d{2})?(AM|PM)?")
                    && resolved.isAfter(clock.instant())) {
                resolved = resolved.minusSeconds(86_400);
            }
            return resolved;
        } catch (IllegalArgumentException bad) {
            throw new Refused("Invalid time specification: " + text);
        }
    }

}
