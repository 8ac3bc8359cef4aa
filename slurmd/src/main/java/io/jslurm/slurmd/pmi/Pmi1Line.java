package io.jslurm.slurmd.pmi;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * PMI-1's wire lines: {@code cmd=NAME key=value ...} ended by a newline, words separated by spaces (PMI-1 has no
 * way to put a space in a value). MPICH's own PMI client (the one Debian's libmpich uses) speaks it over PMI_FD, and
 * every PMI-2 client starts with one such line ({@code cmd=init}). A parsed line is a {@link Pmi2Command}: the
 * same name and pairs, only the framing differs.
 */
public final class Pmi1Line {

    private Pmi1Line() {
    }

    public static Pmi2Command parse(String line) {
        Map<String, String> pairs = new LinkedHashMap<>();
        for (String word : line.strip().split(" +")) {
            int eq = word.indexOf('=');
            if (eq > 0) {
                pairs.put(word.substring(0, eq), word.substring(eq + 1));
            }
        }
        String name = pairs.remove("cmd");
        if (name == null) {
            throw new IllegalArgumentException("PMI-1 line without cmd=: " + line);
        }
        return new Pmi2Command(name, pairs);
    }

    /** A response line, newline included: {@code cmd=NAME} then the pairs in the order given. */
    public static String format(String name, Map<String, String> pairs) {
        StringBuilder out = new StringBuilder("cmd=").append(name);
        pairs.forEach((key, value) -> out.append(' ').append(key).append('=').append(value));
        return out.append('\n').toString();
    }
}
