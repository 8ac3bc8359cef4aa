package io.jslurm.slurmdbd.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class MigrationTest {

    @Test
    void takesItsVersionAndDescriptionFromTheScriptName() {
        Migration m = Migration.of("V12__add_reservation_flags.sql", "SELECT 1;\n");
        assertThat(m.version()).isEqualTo(12);
        assertThat(m.description()).isEqualTo("add reservation flags");
    }

    @Test
    void rejectsScriptNamesOutOfPattern() {
        assertThatThrownBy(() -> Migration.of("V0__zero.sql", "")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Migration.of("schema.sql", "")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void splitsStatementsAtLineEndSemicolonsAndDropsCommentLines() {
        Migration m = Migration.of("V1__x.sql", """
                -- a comment; with a semicolon
                CREATE TABLE t (
                    a INT, -- trailing comment stays inside
                    b VARCHAR(8) DEFAULT 'x;y'
                );
                INSERT INTO t VALUES (1, 'z');
                """);
        assertThat(m.statements()).hasSize(2);
        assertThat(m.statements().get(0)).startsWith("CREATE TABLE t (").endsWith(")").contains("'x;y'");
        assertThat(m.statements().get(1)).isEqualTo("INSERT INTO t VALUES (1, 'z')");
    }

    @Test
    void aScriptEndingWithoutItsSemicolonIsAnError() {
        assertThatThrownBy(() -> Migration.of("V1__x.sql", "SELECT 1").statements()).hasMessageContaining("lacking its ';'");
    }

    @Test
    void theChecksumFollowsTheText() {
        assertThat(Migration.of("V1__x.sql", "SELECT 1;").checksum())
                .isEqualTo(Migration.of("V1__y.sql", "SELECT 1;").checksum())
                .isNotEqualTo(Migration.of("V1__x.sql", "SELECT 2;").checksum())
                .hasSize(64);
    }
}
