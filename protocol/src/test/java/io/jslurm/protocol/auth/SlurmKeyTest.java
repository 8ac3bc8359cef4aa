package io.jslurm.protocol.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SlurmKeyTest {
    @TempDir
    Path dir;

    @Test
    void loadsAKeyOnlyItsOwnerCanRead() throws Exception {
        Path key = write("rw-------", 1024);
        assertThat(SlurmKey.load(key)).isNotNull();
    }

    @Test
    void refusesAKeyTheGroupCanRead() throws Exception {
        Path key = write("rw-r-----", 1024);
        assertThatThrownBy(() -> SlurmKey.load(key))
                .isInstanceOf(SlurmKey.InsecureKeyException.class)
                .hasMessageContaining("accessible by group or others")
                .hasMessageContaining("rw-r-----")
                .hasMessageContaining("chmod 600 " + key);
    }

    @Test
    void refusesAWorldReadableKey() throws Exception {
        Path key = write("rw----r--", 1024);
        assertThatThrownBy(() -> SlurmKey.load(key)).isInstanceOf(SlurmKey.InsecureKeyException.class);
    }

    @Test
    void refusesAShortKey() throws Exception {
        Path key = write("r--------", 8);
        assertThatThrownBy(() -> SlurmKey.load(key))
                .isInstanceOf(SlurmKey.InsecureKeyException.class)
                .hasMessageContaining("at least 32 bytes");
    }

    private Path write(String permissions, int length) throws Exception {
        Path key = dir.resolve("slurm.key");
        Files.write(key, new byte[length]);
        Files.setPosixFilePermissions(key, PosixFilePermissions.fromString(permissions));
        return key;
    }
}
