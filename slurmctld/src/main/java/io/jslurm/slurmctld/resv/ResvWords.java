package io.jslurm.slurmctld.resv;

import io.jslurm.common.time.TimeLimit;
import io.jslurm.common.time.TimeSpec;
import io.jslurm.protocol.RpcException;
import io.jslurm.slurmctld.rpc.SlurmError;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * The {@code Key=Value} words of scontrol create/update reservation, keys case-insensitive, read against the
 * controller's clock (StartTime=now+1hour). A word that does not parse refuses the whole request.
 *
 * @param flagsOp how {@code flags} applies: '=' replaces, '+' adds, '-' removes
 */
public record ResvWords(Optional<String> name, Optional<Instant> start, Optional<Instant> end,
        Optional<Duration> duration, Optional<String> nodes, OptionalInt nodeCount, Optional<String> partition,
        Optional<List<String>> users, Optional<List<String>> accounts, Optional<Set<ResvFlag>> flags, char flagsOp) {

    public static ResvWords parse(List<String> words, InstantSource clock, ZoneId zone) throws RpcException {
        Builder b = new Builder();
        for (String word : words) {
            int equals = word.indexOf('=');
            if (equals <= 0) {
                throw SlurmError.INVALID_INPUT.exception(word);
            }
            String key = word.substring(0, equals).toLowerCase(Locale.ROOT);
            char op = '=';
            if (key.endsWith("+") || key.endsWith("-")) {
                op = key.charAt(key.length() - 1);
                key = key.substring(0, key.length() - 1);
            }
            String value = word.substring(equals + 1);
            if (op != '=' && !key.equals("flags")) {
                throw SlurmError.INVALID_INPUT.exception(word);
            }
            switch (key) {
                case "reservationname", "reservation", "resv", "name" -> b.name = Optional.of(value);
                case "starttime" -> b.start = Optional.of(time(value, clock, zone));
                case "endtime" -> b.end = Optional.of(time(value, clock, zone));
                case "duration" -> b.duration = Optional.of(duration(value));
                case "nodes", "nodelist" -> b.nodes = Optional.of(value);
                case "nodecnt", "nodecount" -> b.nodeCount = OptionalInt.of(count(value));
                case "partitionname", "partition" -> b.partition = Optional.of(value);
                case "users", "user" -> b.users = Optional.of(names(value, word));
                case "accounts", "account" -> b.accounts = Optional.of(names(value, word));
                case "flags", "flag" -> {
                    b.flags = Optional.of(flags(value));
                    b.flagsOp = op;
                }
                default -> throw SlurmError.INVALID_INPUT.exception(word);
            }
        }
        return new ResvWords(b.name, b.start, b.end, b.duration, b.nodes, b.nodeCount, b.partition, b.users,
                b.accounts, b.flags, b.flagsOp);
    }

    private static Instant time(String value, InstantSource clock, ZoneId zone) throws RpcException {
        try {
            return TimeSpec.parse(value).resolve(clock, zone);
        } catch (IllegalArgumentException bad) {
            throw SlurmError.INVALID_TIME_VALUE.exception(value);
        }
    }

    private static Duration duration(String value) throws RpcException {
        try {
            TimeLimit limit = TimeLimit.parse(value);
            if (limit.isUnlimited() || limit.seconds() <= 0) {
                throw SlurmError.INVALID_TIME_VALUE.exception("Duration=" + value);
            }
            return limit.toDuration();
        } catch (IllegalArgumentException bad) {
            throw SlurmError.INVALID_TIME_VALUE.exception("Duration=" + value);
        }
    }

    private static int count(String value) throws RpcException {
        try {
            int n = Integer.parseInt(value.strip());
            if (n < 1) {
                throw SlurmError.NODE_CONFIG_UNAVAILABLE.exception("NodeCnt=" + value);
            }
            return n;
        } catch (NumberFormatException bad) {
            throw SlurmError.INVALID_INPUT.exception("NodeCnt=" + value);
        }
    }

    /** A comma list; either every name starts with '-' (everyone but these) or none does. */
    private static List<String> names(String value, String word) throws RpcException {
        List<String> list = new ArrayList<>();
        for (String name : value.split(",")) {
            if (!name.isBlank()) {
                list.add(name.strip());
            }
        }
        long excluded = list.stream().filter(n -> n.startsWith("-")).count();
        if (excluded != 0 && excluded != list.size()) {
            throw SlurmError.INVALID_INPUT.exception(word + " (names to allow and to exclude cannot be mixed)");
        }
        return list;
    }

    private static Set<ResvFlag> flags(String value) throws RpcException {
        Set<ResvFlag> flags = EnumSet.noneOf(ResvFlag.class);
        for (String name : value.split(",")) {
            if (name.isBlank()) {
                continue;
            }
            String upper = name.strip().toUpperCase(Locale.ROOT);
            Optional<ResvFlag> flag = Arrays.stream(ResvFlag.values()).filter(f -> f.name().equals(upper)).findFirst();
            if (flag.isEmpty()) {
                throw SlurmError.INVALID_INPUT.exception("Flags=" + name.strip());
            }
            flags.add(flag.get());
        }
        return flags;
    }

    private static final class Builder {
        private Optional<String> name = Optional.empty();
        private Optional<Instant> start = Optional.empty();
        private Optional<Instant> end = Optional.empty();
        private Optional<Duration> duration = Optional.empty();
        private Optional<String> nodes = Optional.empty();
        private OptionalInt nodeCount = OptionalInt.empty();
        private Optional<String> partition = Optional.empty();
        private Optional<List<String>> users = Optional.empty();
        private Optional<List<String>> accounts = Optional.empty();
        private Optional<Set<ResvFlag>> flags = Optional.empty();
        private char flagsOp = '=';
    }
}
