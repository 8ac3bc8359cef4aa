package io.jslurm.cli.resv;

import io.jslurm.common.time.TimeLimit;
import io.jslurm.common.time.TimeSpec;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The checks scontrol makes on reservation words before it sends anything, with Slurm's messages: an unknown key,
 * a time, duration, count or flag that does not parse, and for create the start, end and nodes it must be given.
 */
final class ReservationWords {

    private static final Set<String> KEYS = Set.of("reservationname", "reservation", "starttime", "endtime",
            "duration", "nodes", "nodelist", "nodecnt", "nodecount", "partitionname", "partition", "users", "user",
            "accounts", "account", "flags", "flag");
    private static final Set<String> FLAGS = Set.of("MAINT", "IGNORE_JOBS", "OVERLAP", "DAILY", "WEEKLY",
            "SPEC_NODES", "ALL_NODES");

    private ReservationWords() {
    }

    /** Slurm's message for the first bad word, empty when every word is good; {@code create} adds its requirements. */
    static Optional<String> problem(List<String> words, boolean create) {
        String after = create ? ".  No reservation created." : ".  No reservation update.";
        boolean start = false;
        boolean end = false;
        boolean nodes = false;
        for (String word : words) {
            int equals = word.indexOf('=');
            String key = equals < 0 ? word.toLowerCase(Locale.ROOT) : word.substring(0, equals).toLowerCase(Locale.ROOT);
            key = key.endsWith("+") || key.endsWith("-") ? key.substring(0, key.length() - 1) : key;
            String value = equals < 0 ? "" : word.substring(equals + 1);
            if (equals < 0 || !KEYS.contains(key)) {
                return Optional.of("scontrol: error: Unknown parameter " + word + after);
            }
            switch (key) {
                case "starttime", "endtime" -> {
                    try {
                        TimeSpec.parse(value);
                    } catch (IllegalArgumentException bad) {
                        return Optional.of("Invalid time specification (pos=0): " + value + "\nscontrol: error: Invalid "
                                + (key.equals("starttime") ? "start" : "end") + " time " + word + after);
                    }
                    start |= key.equals("starttime");
                    end |= key.equals("endtime");
                }
                case "duration" -> {
                    if (!validDuration(value)) {
                        return Optional.of("scontrol: error: Invalid duration " + word + after);
                    }
                    end = true;
                }
                case "nodecnt", "nodecount" -> {
                    if (!value.strip().matches("\\d+")) {
                        return Optional.of("scontrol: error: Invalid node count " + value);
                    }
                    nodes = true;
                }
                case "nodes", "nodelist" -> nodes = true;
                case "flags", "flag" -> {
                    for (String flag : value.split(",")) {
                        if (!flag.isBlank() && !FLAGS.contains(flag.strip().toUpperCase(Locale.ROOT))) {
                            return Optional.of("scontrol: error: Error parsing flags " + value + after);
                        }
                    }
                }
                default -> {
                }
            }
        }
        if (create && !start) {
            return Optional.of("scontrol: error: A start time must be given" + after);
        }
        if (create && !end) {
            return Optional.of("scontrol: error: An end time or duration must be given" + after);
        }
        if (create && !nodes) {
            return Optional.of("scontrol: error: CoreCnt, Nodes, NodeCnt, BurstBuffer, Licenses or Watts must be "
                    + "specified" + after);
        }
        return Optional.empty();
    }

    private static boolean validDuration(String value) {
        try {
            TimeLimit limit = TimeLimit.parse(value);
            return !limit.isUnlimited() && limit.seconds() > 0;
        } catch (IllegalArgumentException bad) {
            return false;
        }
    }
}
