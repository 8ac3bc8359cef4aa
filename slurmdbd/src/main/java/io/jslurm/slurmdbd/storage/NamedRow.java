package io.jslurm.slurmdbd.storage;

import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A result set's current row read by column name, with the names resolved to positions once per result set:
 * the driver's own lookup by name lower-cases and hashes the name on every call, which was a tenth of
 * sacct's time over 100,000 jobs.
 */
final class NamedRow {

    private final ResultSet rs;
    private final Map<String, Integer> positions;

    private NamedRow(ResultSet rs, Map<String, Integer> positions) {
        this.rs = rs;
        this.positions = positions;
    }

    static NamedRow of(ResultSet rs) throws SQLException {
        ResultSetMetaData meta = rs.getMetaData();
        Map<String, Integer> positions = new HashMap<>(meta.getColumnCount() * 2);
        for (int i = meta.getColumnCount(); i >= 1; i--) {
            positions.put(meta.getColumnLabel(i), i);
        }
        return new NamedRow(rs, positions);
    }

    private int at(String column) throws SQLException {
        Integer position = positions.get(column);
        if (position == null) {
            throw new SQLException("no column " + column + " in the result");
        }
        return position;
    }

    String getString(String column) throws SQLException {
        return rs.getString(at(column));
    }

    long getLong(String column) throws SQLException {
        return rs.getLong(at(column));
    }

    int getInt(String column) throws SQLException {
        return rs.getInt(at(column));
    }

    boolean getBoolean(String column) throws SQLException {
        return rs.getBoolean(at(column));
    }

    OptionalLong optionalLong(String column) throws SQLException {
        long value = rs.getLong(at(column));
        return rs.wasNull() ? OptionalLong.empty() : OptionalLong.of(value);
    }

    Optional<Instant> seconds(String column) throws SQLException {
        long value = rs.getLong(at(column));
        return rs.wasNull() ? Optional.empty() : Optional.of(Instant.ofEpochSecond(value));
    }
}
