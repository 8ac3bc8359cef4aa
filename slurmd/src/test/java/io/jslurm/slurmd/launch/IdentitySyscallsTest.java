package io.jslurm.slurmd.launch;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The system call numbers the batch wrapper is given, by architecture. */
class IdentitySyscallsTest {

    @Test
    void x86_64UsesItsOwnTable() {
        assertThat(IdentitySyscalls.forArch("amd64")).contains(new IdentitySyscalls(112, 116, 119, 117, 435));
        assertThat(IdentitySyscalls.forArch("x86_64")).isEqualTo(IdentitySyscalls.forArch("amd64"));
    }

    @Test
    void arm64UsesTheGenericTable() {
        assertThat(IdentitySyscalls.forArch("aarch64")).contains(new IdentitySyscalls(157, 159, 149, 147, 435));
    }

    @Test
    void anUnlistedArchitectureKeepsThePrograms() {
        assertThat(IdentitySyscalls.forArch("ppc64le")).isEmpty();
        assertThat(IdentitySyscalls.forArch("x86")).isEmpty();
    }
}
