package io.jslurm.slurmd.pmi;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * One PMI command or response: on the PMI-2 wire {@code cmd=NAME;key=value;...;}, a {@code ;} inside a value
 * written doubled ({@code ;;}) as MPICH's and Slurm's clients do. PMI-1 lines parse to one too ({@link Pmi1Line}).
 */
public record Pmi2Command(String name, Map<String, String> values) {

    public Pmi2Command {
        values = Map.copyOf(values);
    }

    public Optional<String> get(String key) {
        return Optional.ofNullable(values.get(key));
    }

    public static Pmi2Command parse(String text) {
        Map<String, String> pairs = new LinkedHashMap<>();
        int i = 0;
        int n = text.length();
        while (i < n) {
            int eq = text.indexOf('=', i);
            if (eq < 0) {
                break;
            }
            String key = text.substring(i, eq).trim();
            StringBuilder value = new StringBuilder();
            int j = eq + 1;
            while (j < n) {
                char c = text.charAt(j);
                if (c == ';') {
                    if (j + 1 < n && text.charAt(j + 1) == ';') {
                        value.append(';');
                        j += 2;
                        continue;
                    }
                    break;
                }
                value.append(c);
                j++;
            }
            pairs.put(key, value.toString());
            i = j + 1;
        }
        String name = pairs.remove("cmd");
        if (name == null) {
            throw new IllegalArgumentException("PMI-2 command without cmd=: " + text);
        }
        return new Pmi2Command(name, pairs);
    }

    /** A response: {@code cmd=NAME;} then the pairs in the order given. */
    public static String format(String name, Map<String, String> pairs) {
        StringBuilder out = new StringBuilder("cmd=").append(name).append(';');
        pairs.forEach((key, value) -> out.append(key).append('=').append(value.replace(";", ";;")).append(';'));
        return out.toString();
    }
}
