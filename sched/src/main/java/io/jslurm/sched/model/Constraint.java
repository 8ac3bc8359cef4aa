package io.jslurm.sched.model;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A job's --constraint, already parsed: features joined with AND ({@code &}) and OR ({@code |}).
 * Evaluated per node, against that node's features.
 */
public sealed interface Constraint {

    Constraint NONE = new All(List.of());

    boolean matches(Set<String> features);

    static Constraint feature(String name) {
        return new Feature(name);
    }

    static Constraint and(Constraint... parts) {
        return new All(List.of(parts));
    }

    static Constraint or(Constraint... parts) {
        return new AnyOf(List.of(parts));
    }

    record Feature(String name) implements Constraint {
        public Feature {
            requireNonNull(name, "name is null");
        }

        @Override
        public boolean matches(Set<String> features) {
            return features.contains(name);
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /** Every part matches; no parts matches every node. */
    record All(List<Constraint> parts) implements Constraint {
        public All {
            parts = List.copyOf(requireNonNull(parts, "parts is null"));
        }

        @Override
        public boolean matches(Set<String> features) {
            for (Constraint part : parts) {
                if (!part.matches(features)) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public String toString() {
            return parts.stream().map(Constraint::toString).collect(Collectors.joining("&"));
        }
    }

    record AnyOf(List<Constraint> parts) implements Constraint {
        public AnyOf {
            parts = List.copyOf(requireNonNull(parts, "parts is null"));
            if (parts.isEmpty()) {
                throw new IllegalArgumentException("an OR constraint needs at least one part");
            }
        }

        @Override
        public boolean matches(Set<String> features) {
            return parts.stream().anyMatch(part -> part.matches(features));
        }

        @Override
        public String toString() {
            return "[" + parts.stream().map(Constraint::toString).collect(Collectors.joining("|")) + "]";
        }
    }
}
