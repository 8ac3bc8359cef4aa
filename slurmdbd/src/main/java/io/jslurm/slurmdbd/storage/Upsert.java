package io.jslurm.slurmdbd.storage;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Collections;
import java.util.List;
import java.util.function.ToLongFunction;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * An idempotent "insert or update if newer" of records of type {@code T} into one table.
 *
 * <p>The row's {@code rec_order} column holds the stored record's {@code RecordOrder} value. An
 * incoming record with the same key replaces the stored columns only when its order is greater;
 * otherwise the row is left exactly as it was (a replay or a late, older record changes nothing).
 * {@code rec_order} itself is assigned last, because MariaDB applies the assignments of ON
 * DUPLICATE KEY UPDATE left to right and the earlier ones must still see the stored order.
 */
final class Upsert<T> {

    /** Sets one column's parameter from a record. */
    @FunctionalInterface
    interface Binder<T> {
        void bind(PreparedStatement statement, int index, T record) throws SQLException;
    }

    /** A column and how a record fills it. */
    record Column<T>(String name, Binder<T> binder) {
    }

    private final List<Column<T>> keyColumns;
    private final List<Column<T>> dataColumns;
    private final ToLongFunction<T> order;
    private final String insert;
    private final String row;
    private final String update;

    Upsert(String table, List<Column<T>> keyColumns, List<Column<T>> dataColumns, ToLongFunction<T> order) {
        this.keyColumns = List.copyOf(keyColumns);
        this.dataColumns = List.copyOf(dataColumns);
        this.order = order;
        List<String> names = Stream.concat(Stream.concat(keyColumns.stream(), dataColumns.stream()).map(Column::name),
                Stream.of("rec_order")).toList();
        String newer = "VALUES(rec_order) > rec_order";
        this.insert = "INSERT INTO " + table + " (" + String.join(", ", names) + ") VALUES ";
        this.row = "(" + names.stream().map(n -> "?").collect(Collectors.joining(", ")) + ")";
        this.update = " ON DUPLICATE KEY UPDATE "
                + dataColumns.stream().map(c -> c.name() + " = IF(" + newer + ", VALUES(" + c.name() + "), " + c.name() + ")")
                        .collect(Collectors.joining(", "))
                + ", rec_order = GREATEST(rec_order, VALUES(rec_order))";
    }

    /** The statement for {@code rows} records at once (one multi-row INSERT: far fewer round trips and parses). */
    String sql(int rows) {
        return insert + String.join(", ", Collections.nCopies(rows, row)) + update;
    }

    /** Binds {@code records} to a statement made by {@link #sql(int)} for as many rows. */
    void bind(PreparedStatement statement, List<T> records) throws SQLException {
        int index = 1;
        for (T record : records) {
            index = bind(statement, index, record);
        }
    }

    private int bind(PreparedStatement statement, int first, T record) throws SQLException {
        int index = first;
        for (Column<T> c : keyColumns) {
            c.binder().bind(statement, index++, record);
        }
        for (Column<T> c : dataColumns) {
            c.binder().bind(statement, index++, record);
        }
        statement.setLong(index, order.applyAsLong(record));
        return index + 1;
    }
}
