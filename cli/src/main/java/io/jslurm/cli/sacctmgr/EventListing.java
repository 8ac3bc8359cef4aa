package io.jslurm.cli.sacctmgr;

import io.jslurm.common.hostlist.Hostlist;
import io.jslurm.common.time.TimeSpec;
import io.jslurm.protocol.proto.DbdEventQuery;
import java.time.Instant;
import java.time.InstantSource;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Function;

/**
 * {@code sacctmgr show event [where] OPTION=VALUE...}: which events to ask slurmdbd for, and the columns to print.
 * Without {@code start=} events since 00:00 of the previous day are shown; with {@code states=} and no start,
 * the events still open in those states; {@code all_time} lifts the window.
 *
 * @param queries one per cluster asked about (the caller's when none was named; all at once for all_clusters)
 */
record EventListing(List<DbdEventQuery> queries, List<EventColumn.Sized> columns) {

    /** The cluster name that asks slurmdbd for the events of every cluster. */
    private static final String ALL_CLUSTERS = "";

    /** Node state names a {@code states=} filter may use, as scontrol and sinfo write them. */
    private static final java.util.Set<String> NODE_STATES = java.util.Set.of("DOWN", "DRAIN", "DRAINED", "DRAINING",
            "DRNG", "FAIL", "FAILING", "FAILG", "IDLE", "ALLOC", "ALLOCATED", "MIX", "MIXED", "UNKNOWN", "FUTURE",
            "MAINT", "NO_RESPOND");

    /** Whether a command line names events, which this class reads rather than {@link AdminCommand}. */
    static boolean names(List<String> words) {
        return words.size() >= 2 && List.of("event", "events").contains(words.get(1).toLowerCase(Locale.ROOT));
    }

    /**
     * @param uids a user name (or number) to its uid
     * @throws AdminCommand.Refused for a verb other than show/list or an option events do not have
     */
    static EventListing parse(List<String> words, String defaultCluster, InstantSource clock, ZoneId zone,
                              Function<String, OptionalLong> uids) throws AdminCommand.Refused {
        String verb = words.get(0).toLowerCase(Locale.ROOT);
        if (!verb.equals("show") && !verb.equals("list")) {
            throw new AdminCommand.Refused("Events can only be listed (sacctmgr show event)");
        }
        List<String> clusters = new ArrayList<>();
        DbdEventQuery.Builder q = DbdEventQuery.newBuilder();
        Optional<Instant> start = Optional.empty();
        Optional<Instant> end = Optional.empty();
        Optional<String> format = Optional.empty();
        boolean allTime = false;
        for (String word : words.subList(2, words.size())) {
            int equals = word.indexOf('=');
            String key = (equals < 0 ? word : word.substring(0, equals)).toLowerCase(Locale.ROOT);
            String value = equals < 0 ? "" : word.substring(equals + 1);
            if (equals < 0) {
                switch (key) {
                    case "where" -> {
                    }
                    case "all_time", "alltime" -> allTime = true;
                    case "all_clusters", "allclusters" -> clusters.add(ALL_CLUSTERS);
                    default -> throw new AdminCommand.Refused("Unknown condition: " + word);
                }
                continue;
            }
            switch (key) {
                case "cluster", "clusters" -> clusters.addAll(items(value));
                case "node", "nodes", "nodelist" -> q.addAllNodes(nodes(value));
                case "start", "starttime" -> start = Optional.of(time(value, clock, zone));
                case "end", "endtime" -> end = Optional.of(time(value, clock, zone));
                case "state", "states" -> {
                    for (String state : items(value)) {
                        if (!NODE_STATES.contains(state.toUpperCase(Locale.ROOT).replace("*", ""))) {
                            throw new AdminCommand.Refused("Invalid state: " + state);
                        }
                        q.addStates(state);
                    }
                }
                case "event", "events" -> q.setEventType(eventType(value));
                case "reason", "reasons" -> q.addAllReasons(items(value));
                case "user", "users" -> {
                    for (String user : items(value)) {
                        q.addReasonUids((int) uids.apply(user).orElseThrow(
                                () -> new AdminCommand.Refused("Invalid user id: " + user)));
                    }
                }
                case "condflags", "flags" -> {
                    for (String flag : items(value)) {
                        if (!flag.equalsIgnoreCase("open")) {
                            throw new AdminCommand.Refused("Unknown condition flag " + flag);
                        }
                        q.setOpenOnly(true);
                    }
                }
                case "format" -> format = Optional.of(value);
                default -> throw new AdminCommand.Refused("Unknown condition: " + word);
            }
        }
        if (start.isPresent() && end.isPresent() && !end.get().isAfter(start.get())) {
            throw new AdminCommand.Refused("start time (" + start.get() + ") is not before end time (" + end.get()
                    + ")");
        }
        if (!allTime) {
            if (start.isPresent()) {
                q.setWindowStart(start.get().getEpochSecond());
            } else if (q.getStatesCount() > 0) {
                q.setOpenOnly(true);
            } else {
                q.setWindowStart(LocalDate.ofInstant(clock.instant(), zone).minusDays(1).atStartOfDay(zone)
                        .toEpochSecond());
            }
            end.ifPresent(e -> q.setWindowEnd(e.getEpochSecond()));
        }
        boolean clusterOnly = q.getEventType().equals("cluster");
        List<EventColumn.Sized> columns;
        try {
            columns = EventColumn.parse(format.orElse(clusterOnly ? EventColumn.CLUSTER_DEFAULT
                    : EventColumn.NODE_DEFAULT));
        } catch (IllegalArgumentException badFormat) {
            throw new AdminCommand.Refused(badFormat.getMessage());
        }
        if (clusters.isEmpty()) {
            clusters.add(defaultCluster);
        }
        if (clusters.contains(ALL_CLUSTERS)) {
            clusters = List.of(ALL_CLUSTERS);
        }
        List<DbdEventQuery> queries = new ArrayList<>();
        for (String cluster : clusters) {
            queries.add(q.clone().setCluster(cluster).build());
        }
        return new EventListing(queries, columns);
    }

    private static List<String> items(String value) {
        return List.of(value.split(",")).stream().map(String::strip).filter(s -> !s.isEmpty()).toList();
    }

    private static List<String> nodes(String value) throws AdminCommand.Refused {
        try {
            return Hostlist.parse(value).hosts();
        } catch (IllegalArgumentException bad) {
            throw new AdminCommand.Refused("Invalid node list: " + value);
        }
    }

    private static String eventType(String value) throws AdminCommand.Refused {
        String type = value.strip().toLowerCase(Locale.ROOT);
        if (!type.equals("node") && !type.equals("cluster")) {
            throw new AdminCommand.Refused("Unknown event type: '" + value + "'  Valid events are Cluster and Node.");
        }
        return type;
    }

    private static Instant time(String text, InstantSource clock, ZoneId zone) throws AdminCommand.Refused {
        try {
            return TimeSpec.parse(text).resolve(clock, zone);
        } catch (IllegalArgumentException bad) {
            throw new AdminCommand.Refused("Invalid time specification: " + text);
        }
    }
}
