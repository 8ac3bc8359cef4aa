package io.jslurm.cli.format;

import java.util.Objects;
import java.util.function.Function;

/**
 * One printable property of a record (a job, a node, a partition) as the {@code -o} letters and
 * {@code -O} names of squeue and sinfo know it.
 *
 * @param letter   the {@code -o} letter, or 0 when the field has only a long name
 * @param name     the {@code -O} name, matched case-insensitively
 * @param header   the column title
 * @param value    how to print it for one record
 */
public record Field<T>(char letter, String name, String header, Function<T, String> value) {

    public Field {
        Objects.requireNonNull(name, "name is null");
        Objects.requireNonNull(header, "header is null");
        Objects.requireNonNull(value, "value is null");
    }
}
