package io.jslurm.slurmdbd.storage;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalLong;

/** Conversions between Java values and SQL: nullable columns, literals. */
final class Sql {

    private Sql() {
    }

    static void setSeconds(PreparedStatement s, int index, Optional<Instant> time) throws SQLException {
        if (time.isPresent()) {
            s.setLong(index, time.get().getEpochSecond());
        } else {
            s.setNull(index, Types.BIGINT);
        }
    }

    static void setLong(PreparedStatement s, int index, OptionalLong value) throws SQLException {
        if (value.isPresent()) {
            s.setLong(index, value.getAsLong());
        } else {
            s.setNull(index, Types.BIGINT);
        }
    }

    static Optional<Instant> seconds(ResultSet rs, String column) throws SQLException {
        long value = rs.getLong(column);
        return rs.wasNull() ? Optional.empty() : Optional.of(Instant.ofEpochSecond(value));
    }

    /** A string literal for statements that take no parameters (account names and passwords in DDL). */
    static String quote(String value) {
        return "'" + value.replace("\\", "\\\\").replace("'", "''") + "'";
    }

    static OptionalLong optionalLong(ResultSet rs, String column) throws SQLException {
        long value = rs.getLong(column);
        return rs.wasNull() ? OptionalLong.empty() : OptionalLong.of(value);
    }
}
