package io.jslurm.conf.parse;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The value forms every Slurm configuration file shares: booleans, named choices, comma lists and
 * {@code name[=value]} option lists. Each parser throws {@link IllegalArgumentException} saying what
 * is allowed.
 */
public final class ValueForms {

    private ValueForms() {
    }

    public static boolean parseBoolean(String value) {
        return switch (value.toUpperCase(Locale.ROOT)) {
            case "YES", "TRUE", "1", "Y" -> true;
            case "NO", "FALSE", "0", "N" -> false;
            default -> throw new IllegalArgumentException("expected YES or NO");
        };
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

    /** A comma-separated list; blanks around items and empty items are dropped. */
    public static List<String> splitList(String value) {
        return Arrays.stream(value.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
    }

    /** {@code a=1,b,c=x} as an ordered map; options without a value map to {@code ""}. */
    public static Map<String, String> splitOptions(String value) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String item : splitList(value)) {
            int eq = item.indexOf('=');
            out.put(eq < 0 ? item : item.substring(0, eq), eq < 0 ? "" : item.substring(eq + 1));
        }
        return Collections.unmodifiableMap(out);
    }
}
