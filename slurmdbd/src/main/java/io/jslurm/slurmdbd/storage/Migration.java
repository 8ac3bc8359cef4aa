package io.jslurm.slurmdbd.storage;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One schema migration: a script named {@code V<version>__<description>.sql}.
 *
 * @param version    position in the sequence, from 1
 * @param script     file name of the script
 * @param sql        its text
 */
public record Migration(int version, String script, String sql) {

    private static final Pattern NAME = Pattern.compile("V([1-9][0-9]*)__([A-Za-z0-9_]+)\\.sql");

    public Migration {
        Objects.requireNonNull(script, "script");
        Objects.requireNonNull(sql, "sql");
        if (version < 1) {
            throw new IllegalArgumentException("migration version must be positive: " + version);
        }
    }

    /** Reads the version from a script name such as {@code V1__accounting_schema.sql}. */
    public static Migration of(String script, String sql) {
        Matcher m = NAME.matcher(script);
        if (!m.matches()) {
            throw new IllegalArgumentException("migration script name is not V<n>__<description>.sql: " + script);
        }
        return new Migration(Integer.parseInt(m.group(1)), script, sql);
    }

    public String description() {
        Matcher m = NAME.matcher(script);
        return m.matches() ? m.group(2).replace('_', ' ') : script;
    }

    /** SHA-256 of the script text, recorded when applied so later edits to an applied script are caught. */
    public String checksum() {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(sql.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The script's statements: full-line {@code --} comments dropped, split where a line ends in
     * {@code ;}. Scripts are written to that rule (no statement ends mid-line).
     */
    public List<String> statements() {
        List<String> statements = new java.util.ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String line : sql.split("\n", -1)) {
            String trimmed = line.strip();
            if (trimmed.isEmpty() || trimmed.startsWith("--")) {
                continue;
            }
            current.append(line).append('\n');
            if (trimmed.endsWith(";")) {
                String statement = current.toString().strip();
                statements.add(statement.substring(0, statement.length() - 1));
                current.setLength(0);
            }
        }
        if (!current.toString().isBlank()) {
            throw new IllegalArgumentException(script + " ends with a statement lacking its ';'");
        }
        return List.copyOf(statements);
    }
}
