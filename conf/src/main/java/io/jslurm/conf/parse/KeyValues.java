package io.jslurm.conf.parse;

import io.jslurm.common.time.Elapsed;
import io.jslurm.common.time.TimeLimit;
import io.jslurm.common.units.MemorySize;
import io.jslurm.conf.Diagnostics;
import io.jslurm.conf.Location;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The settings of one line (or of a whole file's single-setting lines), checked against a key table
 * and read through typed accessors. Unset keys take the table's default; a value that does not parse
 * is reported with its file, line, key and what is allowed, and the default is used in its place so
 * that checking can go on and every error is found in one pass.
 */
public final class KeyValues {

    private final KeyTable table;
    private final Diagnostics diagnostics;
    private final Map<String, List<ConfPair>> byKey = new LinkedHashMap<>();
    private final Location fallbackLocation;

    private KeyValues(KeyTable table, Diagnostics diagnostics, Location fallbackLocation) {
        this.table = table;
        this.diagnostics = diagnostics;
        this.fallbackLocation = fallbackLocation;
    }

    /**
     * Checks every pair's key: unknown keys are errors with a spelling suggestion, known keys this
     * project does not act on are warnings, and keys in {@code repeatable} may appear more than once.
     */
    public static KeyValues of(KeyTable table, List<ConfPair> pairs, Set<String> repeatable,
                               Diagnostics diagnostics, Location fallbackLocation) {
        KeyValues values = new KeyValues(table, diagnostics, fallbackLocation);
        for (ConfPair pair : pairs) {
            Optional<KeySpec> spec = table.find(pair.key());
            if (spec.isEmpty()) {
                diagnostics.error(pair.location(), "unknown key '" + pair.key() + "'" + table.suggestion(pair.key()));
                continue;
            }
            String name = spec.get().name();
            if (!spec.get().implemented()) {
                diagnostics.warning(pair.location(), "key '" + name + "' is not supported yet and is ignored");
                continue;
            }
            List<ConfPair> seen = values.byKey.computeIfAbsent(name, k -> new ArrayList<>());
            if (!seen.isEmpty() && !repeatable.contains(name)) {
                diagnostics.warning(pair.location(), "key '" + name + "' is set again; this value replaces the one at "
                        + seen.get(seen.size() - 1).location());
                seen.clear();
            }
            seen.add(pair);
        }
        return values;
    }

    /** The last pair given for each key, by canonical name. */
    public Map<String, ConfPair> lastPairs() {
        Map<String, ConfPair> out = new LinkedHashMap<>();
        byKey.forEach((key, pairs) -> out.put(key, pairs.get(pairs.size() - 1)));
        return out;
    }

    /** These settings on top of {@code defaults} (pairs already checked, as {@link #lastPairs()} gives them). */
    public KeyValues withDefaults(Map<String, ConfPair> defaults) {
        KeyValues merged = new KeyValues(table, diagnostics, fallbackLocation);
        defaults.forEach((key, pair) -> merged.byKey.put(key, new ArrayList<>(List.of(pair))));
        byKey.forEach((key, pairs) -> merged.byKey.put(key, pairs));
        return merged;
    }

    public boolean isSet(String key) {
        return byKey.containsKey(table.get(key).name());
    }

    /** Every value given for a repeatable key, in file order. */
    public List<ConfPair> all(String key) {
        return byKey.getOrDefault(table.get(key).name(), List.of());
    }

    public Optional<ConfPair> pair(String key) {
        List<ConfPair> pairs = all(key);
        return pairs.isEmpty() ? Optional.empty() : Optional.of(pairs.get(pairs.size() - 1));
    }

    /** Where the key was set, or where the settings as a whole start when it was not. */
    public Location location(String key) {
        return pair(key).map(ConfPair::location).orElse(fallbackLocation);
    }

    /** The value as written, or the table's default. */
    public String raw(String key) {
        return pair(key).map(ConfPair::value).orElse(table.get(key).defaultValue());
    }

    /** The value, or the default, when not blank. */
    public Optional<String> optional(String key) {
        String value = raw(key).strip();
        return value.isEmpty() ? Optional.empty() : Optional.of(value);
    }

    public String string(String key) {
        return raw(key).strip();
    }

    /** Parses the value (or default) with a parser that throws {@link IllegalArgumentException} when it does not fit. */
    public <T> T parsed(String key, Function<String, T> parser, T fallback) {
        String value = string(key);
        if (value.isEmpty()) {
            return fallback;
        }
        try {
            return parser.apply(value);
        } catch (IllegalArgumentException e) {
            invalid(key, value, reason(e, value, table.get(key).type()));
            return fallback;
        }
    }

    /**
     * Common's parsers say {@code Invalid <kind>: <input> (<reason>)}; the error already names the value,
     * so only the reason is kept.
     */
    private static String reason(IllegalArgumentException e, String value, ValueType type) {
        if (e.getMessage() == null) {
            return type.expected();
        }
        Matcher m = Pattern.compile("Invalid [^:]+: " + Pattern.quote(value) + " \\((.*)\\)", Pattern.DOTALL)
                .matcher(e.getMessage());
        return m.matches() ? m.group(1) : e.getMessage();
    }

    public long number(String key, long min, long max) {
        return parsed(key, value -> {
            try {
                long parsed = Long.parseLong(value);
                if (parsed < min || parsed > max) {
                    throw new IllegalArgumentException("expected a whole number from " + min + " to " + max);
                }
                return parsed;
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("expected a whole number from " + min + " to " + max);
            }
        }, Math.max(min, 0));
    }

    public double decimal(String key, double min, double max) {
        String expected = "expected a number from " + (long) min + " to " + (long) max;
        return parsed(key, value -> {
            try {
                double parsed = Double.parseDouble(value);
                if (parsed >= min && parsed <= max) {
                    return parsed;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw new IllegalArgumentException(expected);
        }, min);
    }

    public int integer(String key) {
        return (int) number(key, 0, Integer.MAX_VALUE);
    }

    /** Memory as slurm.conf writes it: a whole number of megabytes. */
    public MemorySize megabytes(String key, long min) {
        return MemorySize.ofMebibytes(number(key, min, Long.MAX_VALUE / (1024 * 1024)));
    }

    public Optional<MemorySize> optionalMegabytes(String key) {
        return isSet(key) ? Optional.of(megabytes(key, 0)) : Optional.empty();
    }

    public TimeLimit timeLimit(String key) {
        return parsed(key, TimeLimit::parse, TimeLimit.UNLIMITED);
    }

    /** A duration in Slurm's forms ({@code 30}, {@code 7-0}, {@code 1:00:00}), exact to the second. */
    public Duration elapsed(String key) {
        return parsed(key, value -> Elapsed.parse(value).toDuration(), Duration.ZERO);
    }

    public int port(String key) {
        return (int) number(key, 1, 65535);
    }

    public Duration seconds(String key) {
        return Duration.ofSeconds(number(key, 0, Integer.MAX_VALUE));
    }

    public boolean bool(String key) {
        return parsed(key, KeyValues::parseBoolean, false);
    }

    public static boolean parseBoolean(String value) {
        return switch (value.toUpperCase(Locale.ROOT)) {
            case "YES", "TRUE", "1", "Y" -> true;
            case "NO", "FALSE", "0", "N" -> false;
            default -> throw new IllegalArgumentException("expected YES or NO");
        };
    }

    public <E extends Enum<E> & ConfChoice> E choice(String key, Class<E> type, E fallback) {
        return parsed(key, value -> parseChoice(value, type), fallback);
    }

    public static <E extends Enum<E> & ConfChoice> E parseChoice(String value, Class<E> type) {
        return findChoice(value, type)
                .orElseThrow(() -> new IllegalArgumentException("expected one of " + allowed(type)));
    }

    public static <E extends Enum<E> & ConfChoice> Optional<E> findChoice(String value, Class<E> type) {
        return Arrays.stream(type.getEnumConstants()).filter(c -> c.confName().equalsIgnoreCase(value)).findFirst();
    }

    public static <E extends Enum<E> & ConfChoice> String allowed(Class<E> type) {
        return Arrays.stream(type.getEnumConstants()).map(ConfChoice::confName).collect(Collectors.joining(", "));
    }

    /** A comma-separated list; empty entries are dropped. */
    public List<String> list(String key) {
        return splitList(string(key));
    }

    public static List<String> splitList(String value) {
        return Arrays.stream(value.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
    }

    public <E extends Enum<E> & ConfChoice> Set<E> choices(String key, Class<E> type) {
        Set<E> out = new LinkedHashSet<>();
        for (String item : list(key)) {
            try {
                out.add(parseChoice(item, type));
            } catch (IllegalArgumentException e) {
                invalid(key, item, e.getMessage());
            }
        }
        return Collections.unmodifiableSet(out);
    }

    /** {@code a=1,b,c=x} as an ordered map; options without a value map to {@code ""}. */
    public Map<String, String> options(String key) {
        return splitOptions(string(key));
    }

    public static Map<String, String> splitOptions(String value) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String item : splitList(value)) {
            int eq = item.indexOf('=');
            out.put(eq < 0 ? item : item.substring(0, eq), eq < 0 ? "" : item.substring(eq + 1));
        }
        return Collections.unmodifiableMap(out);
    }

    /** Reports a bad value of {@code key} with what is allowed. */
    public void invalid(String key, String value, String expected) {
        diagnostics.error(location(key), "invalid value '" + value + "' for " + table.get(key).name() + ": " + expected);
    }

    public Diagnostics diagnostics() {
        return diagnostics;
    }
}
