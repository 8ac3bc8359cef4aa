package io.jslurm.slurmctld.schedule;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * A parsed {@code --dependency}: terms joined by {@code ,} (all must be satisfied) or {@code ?} (any one will
 * do), as in {@code afterok:12:13,singleton} or {@code afterok:12?afternotok:13}. Slurm does not allow both
 * separators in one expression.
 */
public record Dependency(List<Term> terms, boolean any) {

    public static final Dependency NONE = new Dependency(List.of(), false);

    public enum Type { AFTER, AFTERANY, AFTEROK, AFTERNOTOK, SINGLETON }

    /** One condition; {@code jobIds} is empty for singleton. */
    public record Term(Type type, List<Long> jobIds) {
        public Term {
            Objects.requireNonNull(type, "type");
            jobIds = List.copyOf(jobIds);
        }

        @Override
        public String toString() {
            StringBuilder out = new StringBuilder(type.name().toLowerCase(Locale.ROOT));
            jobIds.forEach(id -> out.append(':').append(id));
            return out.toString();
        }
    }

    public Dependency {
        terms = List.copyOf(terms);
    }

    /** @throws IllegalArgumentException with Slurm's message for a malformed expression */
    public static Dependency parse(String text) {
        String spec = text.strip();
        if (spec.isEmpty()) {
            return NONE;
        }
        boolean any = spec.indexOf('?') >= 0;
        if (any && spec.indexOf(',') >= 0) {
            throw invalid(text);
        }
        List<Term> terms = new ArrayList<>();
        for (String item : spec.split(any ? "\\?" : ",", -1)) {
            terms.add(term(item.strip(), text));
        }
        return new Dependency(terms, any);
    }

    private static Term term(String item, String text) {
        String[] parts = item.split(":", -1);
        Type type;
        try {
            type = Type.valueOf(parts[0].toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw invalid(text);
        }
        if (type == Type.SINGLETON) {
            if (parts.length != 1) {
                throw invalid(text);
            }
            return new Term(type, List.of());
        }
        if (parts.length < 2) {
            throw invalid(text);
        }
        List<Long> ids = new ArrayList<>();
        for (int i = 1; i < parts.length; i++) {
            // "after:123+10" waits 10 minutes after the start; the delay is accepted and not applied.
            String id = parts[i].split("\\+", 2)[0].split("_", 2)[0];
            try {
                long value = Long.parseLong(id);
                if (value < 1) {
                    throw invalid(text);
                }
                ids.add(value);
            } catch (NumberFormatException e) {
                throw invalid(text);
            }
        }
        return new Term(type, ids);
    }

    private static IllegalArgumentException invalid(String text) {
        return new IllegalArgumentException("Job dependency problem: invalid dependency '" + text + "'");
    }

    public boolean isEmpty() {
        return terms.isEmpty();
    }

    @Override
    public String toString() {
        List<String> parts = terms.stream().map(Term::toString).toList();
        return String.join(any ? "?" : ",", parts);
    }
}
