package io.jslurm.cli.sacctmgr;

import io.jslurm.cli.sacct.FormatItem;
import io.jslurm.cli.sacct.UsageText;
import io.jslurm.common.time.Elapsed;
import io.jslurm.common.time.Timestamps;
import io.jslurm.protocol.proto.DbdEventRecord;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The columns of {@code sacctmgr show event}: each with its title and width as sacctmgr prints them, and how an
 * event's value is written.
 */
enum EventColumn {
    CLUSTER("Cluster", 10),
    CLUSTER_NODES("ClusterNodes", 20),
    DURATION("Duration", 13),
    END("TimeEnd", 19),
    EVENT("Event", 7),
    EVENT_RAW("EventRaw", 8),
    NODE_NAME("NodeName", 15),
    REASON("Reason", 30),
    START("TimeStart", 19),
    STATE("State", 6),
    STATE_RAW("StateRaw", 8),
    TRES("TRES", 20),
    USER("User", 10);

    /** Without {@code format=}: node events (alone or with the cluster's), or the cluster's own. */
    static final String NODE_DEFAULT = "Cluster,NodeName,TimeStart,TimeEnd,State,Reason,User";
    static final String CLUSTER_DEFAULT = "Cluster,TRES,Start,End,ClusterNodes";

    /** Slurm's event types (slurmdb_event_type_t) for EventRaw. */
    private static final int CLUSTER_EVENT = 1;
    private static final int NODE_EVENT = 2;

    final String title;
    final int width;

    EventColumn(String title, int width) {
        this.title = title;
        this.width = width;
    }

    /** A column with the width a {@code format=} item gives it. */
    record Sized(EventColumn column, int width) {
    }

    /** @throws IllegalArgumentException naming a field sacctmgr does not know for events */
    static List<Sized> parse(String format) {
        List<Sized> columns = new ArrayList<>();
        for (FormatItem item : FormatItem.parseList(format)) {
            EventColumn column = named(item.name())
                    .orElseThrow(() -> new IllegalArgumentException("Unknown field '" + item.name() + "'"));
            columns.add(new Sized(column, item.width().orElse(column.width)));
        }
        return columns;
    }

    private static Optional<EventColumn> named(String name) {
        String key = name.strip().toLowerCase(Locale.ROOT);
        return Optional.ofNullable(switch (key) {
            case "cluster" -> CLUSTER;
            case "clusternodes", "cnodes" -> CLUSTER_NODES;
            case "duration" -> DURATION;
            case "end", "timeend", "endtime" -> END;
            case "event" -> EVENT;
            case "eventraw" -> EVENT_RAW;
            case "nodename", "node", "nodes" -> NODE_NAME;
            case "reason" -> REASON;
            case "start", "timestart", "starttime" -> START;
            case "state" -> STATE;
            case "stateraw" -> STATE_RAW;
            case "tres" -> TRES;
            case "user" -> USER;
            default -> null;
        });
    }

    /** The value of this column for one event (an open event's duration runs until {@code text.now()}). */
    String value(DbdEventRecord e, EventText text) {
        boolean node = !e.getNodeName().isEmpty();
        return switch (this) {
            case CLUSTER -> e.getCluster();
            case CLUSTER_NODES -> "";
            case DURATION -> new Elapsed(Math.max(0, (e.getTimeEnd() == 0 ? text.now() : e.getTimeEnd())
                    - e.getTimeStart())).toPaddedString();
            case END -> e.getTimeEnd() == 0 ? Timestamps.UNKNOWN
                    : Timestamps.format(Instant.ofEpochSecond(e.getTimeEnd()), text.zone());
            case EVENT -> node ? "Node" : "Cluster";
            case EVENT_RAW -> Integer.toString(node ? NODE_EVENT : CLUSTER_EVENT);
            case NODE_NAME -> e.getNodeName();
            case REASON -> e.getReason();
            case START -> Timestamps.format(Instant.ofEpochSecond(e.getTimeStart()), text.zone());
            case STATE -> node ? e.getState() : "";
            case STATE_RAW -> node ? Long.toString(NodeStateBits.of(e.getState())) : "";
            case TRES -> UsageText.tres(e.getTres());
            case USER -> node && e.hasReasonUid() ? text.userName(Integer.toUnsignedLong(e.getReasonUid())) + "("
                    + Integer.toUnsignedLong(e.getReasonUid()) + ")" : "";
        };
    }
}
