package io.jslurm.common.gres;

import io.jslurm.common.cpu.IdSet;
import io.jslurm.common.text.CountSuffix;
import io.jslurm.common.text.InvalidValueException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * A list of generic resources as {@code --gres}, a node's {@code Gres=} and {@code scontrol show node} write it:
 * {@code gpu}, {@code gpu:2}, {@code gpu:a100:8,gpu:v100:1}, {@code shard:2}, {@code gpu:a100:4(S:0)},
 * {@code bandwidth:lustre:no_consume:4G}. An entry may start with {@code gres:} or {@code gres/}; a missing count
 * means 1; counts take the suffixes K, M and G (powers of 1024). {@code none} is the empty list.
 *
 * <p>{@link #parseGpus} reads {@code --gpus}, {@code --gpus-per-node}, {@code --gpus-per-task} and similar
 * options, whose entries are {@code [type:]count} for the {@code gpu} resource.
 */
public record GresSpec(List<Gres> entries) {

    private static final String KIND = "GRES specification";
    private static final String ALLOWED = "expected NAME[:TYPE][:COUNT], comma separated";

    public GresSpec {
        entries = List.copyOf(entries);
    }

    public static GresSpec empty() {
        return new GresSpec(List.of());
    }

    public static GresSpec parse(String text) {
        Objects.requireNonNull(text, "GRES specification is null");
        String spec = text.strip();
        if (spec.isEmpty() || spec.equalsIgnoreCase("none") || spec.equals("(null)")) {
            return empty();
        }
        List<Gres> entries = new ArrayList<>();
        for (String item : splitEntries(spec, text)) {
            entries.add(entry(item, text));
        }
        return new GresSpec(entries);
    }

    /**
     * A job's {@code --gres} request: as {@link #parse}, but socket and index details and {@code no_consume},
     * which only describe nodes and allocations, are refused.
     */
    public static GresSpec parseRequest(String text) {
        GresSpec spec = parse(text);
        for (Gres entry : spec.entries) {
            if (entry.sockets().isPresent() || entry.indices().isPresent() || entry.noConsume()) {
                throw new InvalidValueException(KIND, text, "a job request cannot give sockets, indices or "
                        + "no_consume, as in '" + entry + "'");
            }
        }
        return spec;
    }

    /** {@code --gpus=[type:]N[,[type:]N...]}; a leading {@code gpu:} on an entry is allowed. */
    public static GresSpec parseGpus(String text) {
        Objects.requireNonNull(text, "GPU specification is null");
        List<Gres> entries = new ArrayList<>();
        for (String item : text.strip().split(",", -1)) {
            String[] parts = item.split(":", -1);
            int start = parts.length > 1 && parts[0].equals("gpu") ? 1 : 0;
            int remaining = parts.length - start;
            if (item.isEmpty() || remaining > 2) {
                throw new InvalidValueException("GPU specification", text, "expected [TYPE:]COUNT, comma separated");
            }
            String last = parts[parts.length - 1];
            if (!CountSuffix.isCount(last)) {
                throw new InvalidValueException("GPU specification", text, "expected a count such as 2 in '"
                        + item + "'");
            }
            long count = CountSuffix.parse(last, "GPU specification", text);
            Optional<String> type = remaining == 2 ? Optional.of(parts[start]) : Optional.empty();
            if (type.isPresent() && !isWord(type.get())) {
                throw new InvalidValueException("GPU specification", text, "invalid GPU type '" + type.get() + "'");
            }
            entries.add(new Gres("gpu", type, count, false, Optional.empty(), Optional.empty()));
        }
        return new GresSpec(entries);
    }

    /** Commas inside a detail group, as in {@code (S:0,2)}, do not separate entries. */
    private static List<String> splitEntries(String spec, String text) {
        List<String> items = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < spec.length(); i++) {
            char c = spec.charAt(i);
            if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            } else if (c == ',' && depth == 0) {
                items.add(spec.substring(start, i));
                start = i + 1;
            }
            if (depth < 0 || depth > 1) {
                throw new InvalidValueException(KIND, text, "unbalanced parentheses");
            }
        }
        if (depth != 0) {
            throw new InvalidValueException(KIND, text, "unbalanced parentheses");
        }
        items.add(spec.substring(start));
        return items;
    }

    private static Gres entry(String item, String text) {
        String body = item;
        Optional<IdSet> sockets = Optional.empty();
        Optional<IdSet> indices = Optional.empty();
        int open = body.indexOf('(');
        if (open >= 0) {
            for (String detail : body.substring(open).split("\\)", -1)) {
                if (detail.isEmpty()) {
                    continue;
                }
                if (!detail.startsWith("(")) {
                    throw new InvalidValueException(KIND, text, "unexpected text after ')' in '" + item + "'");
                }
                String inner = detail.substring(1);
                if (inner.startsWith("S:")) {
                    sockets = Optional.of(ids(inner.substring(2), item, text));
                } else if (inner.startsWith("IDX:")) {
                    indices = Optional.of(ids(inner.substring(4), item, text));
                } else {
                    throw new InvalidValueException(KIND, text, "expected (S:sockets) or (IDX:indices) in '"
                            + item + "'");
                }
            }
            body = body.substring(0, open);
        }
        String lower = body.toLowerCase(Locale.ROOT);
        if (lower.startsWith("gres:") || lower.startsWith("gres/")) {
            body = body.substring(5);
        }
        List<String> parts = new ArrayList<>(List.of(body.split(":", -1)));
        boolean noConsume = parts.removeIf(p -> p.equalsIgnoreCase("no_consume"));
        if (parts.isEmpty() || parts.size() > 3 || !isWord(parts.get(0))) {
            throw new InvalidValueException(KIND, text, "invalid entry '" + item + "'; " + ALLOWED);
        }
        String name = parts.get(0);
        Optional<String> type = Optional.empty();
        long count = 1;
        if (parts.size() == 3 || (parts.size() == 2 && !CountSuffix.isCount(parts.get(1)))) {
            if (!isWord(parts.get(1))) {
                throw new InvalidValueException(KIND, text, "invalid type in '" + item + "'; " + ALLOWED);
            }
            type = Optional.of(parts.get(1));
        }
        if (parts.size() == 3 || (parts.size() == 2 && type.isEmpty())) {
            count = CountSuffix.parse(parts.get(parts.size() - 1), KIND, text);
        }
        return new Gres(name, type, count, noConsume, sockets, indices);
    }

    private static IdSet ids(String list, String item, String text) {
        try {
            return IdSet.parse(list);
        } catch (InvalidValueException e) {
            throw new InvalidValueException(KIND, text, "invalid list '" + list + "' in '" + item + "'");
        }
    }

    /**
     * Names and types: a letter or digit, then letters, digits and {@code _ - .} (MIG types such as
     * {@code 1g.10gb} included).
     */
    static boolean isWord(String text) {
        if (text.isEmpty() || !Character.isLetterOrDigit(text.charAt(0))) {
            return false;
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!(Character.isLetterOrDigit(c) || c == '_' || c == '-' || c == '.')) {
                return false;
            }
        }
        return true;
    }

    public boolean isEmpty() {
        return entries.isEmpty();
    }

    /** The total count of {@code name} of {@code type} (every type if empty). */
    public long count(String name, Optional<String> type) {
        return entries.stream().filter(g -> g.satisfies(name, type)).mapToLong(Gres::count).sum();
    }

    public long count(String name) {
        return count(name, Optional.empty());
    }

    /** {@code gpu:a100:8,gpu:v100:1}; the empty list prints as {@code (null)}, as {@code scontrol} shows it. */
    @Override
    public String toString() {
        if (entries.isEmpty()) {
            return "(null)";
        }
        StringBuilder out = new StringBuilder();
        for (Gres entry : entries) {
            out.append(out.isEmpty() ? "" : ",").append(entry);
        }
        return out.toString();
    }
}
