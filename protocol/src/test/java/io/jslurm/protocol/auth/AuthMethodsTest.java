package io.jslurm.protocol.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import io.jslurm.conf.ConfLoader;
import io.jslurm.conf.slurm.SlurmConfig;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.nio.file.Files;
import java.time.Clock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AuthMethodsTest {
    static final SlurmKey KEY = SlurmKey.of(new byte[64]);
    final Clock clock = Clock.systemUTC();

    @Test
    void authSlurmSignsAndVerifiesWithTheClusterKey() throws Exception {
        CredentialSource daemon = AuthMethods.daemonCredentials("auth/slurm", KEY, clock, 64030, 64030, "ctl1");

        Identity caller = AuthMethods.authenticator("auth/slurm", KEY, clock).verify(daemon.next());

        assertThat(caller).isEqualTo(new Identity(64030, 64030, "ctl1", "auth/slurm"));
    }

    @Test
    void authTypeFollowsSlurmConfAndIsAuthSlurmWhenUnset(@TempDir Path dir) throws Exception {
        assertThat(AuthMethods.authType(slurmConf(dir, "AuthType=auth/munge\n"))).isEqualTo("auth/munge");
        assertThat(AuthMethods.authType(slurmConf(dir, "AuthType=auth/slurm\n"))).isEqualTo("auth/slurm");
        assertThat(AuthMethods.authType(slurmConf(dir, ""))).isEqualTo("auth/slurm");
    }

    @Test
    void onlyAuthSlurmReadsTheClusterKey(@TempDir Path dir) throws Exception {
        Path missing = dir.resolve("slurm.key");

        assertThat(AuthMethods.clusterKey(slurmConf(dir, "AuthType=auth/munge\n"), missing)).isNotNull();
        assertThatThrownBy(() -> AuthMethods.clusterKey(slurmConf(dir, "AuthType=auth/slurm\n"), missing))
                .isInstanceOf(java.nio.file.NoSuchFileException.class);
    }

    static SlurmConfig slurmConf(Path dir, String extra) throws Exception {
        Path file = dir.resolve("slurm.conf");
        Files.writeString(file, "ClusterName=test\nSlurmctldHost=head\n" + extra);
        return ConfLoader.fromFileSystem().load(file).slurm();
    }

    @Test
    void otherAuthTypesAreRefusedByName() {
        assertThatThrownBy(() -> AuthMethods.authenticator("auth/jwt", KEY, clock))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("AuthType=auth/jwt is not supported; use auth/munge or auth/slurm");
    }

    @Test
    void authMungeWithoutMungedFailsAtStartWithOneClearError() {
        assumeFalse(Files.exists(Munge.DEFAULT_SOCKET), "a system munged is running here");

        assertThatThrownBy(() -> AuthMethods.authenticator("auth/munge", KEY, clock))
                .isInstanceOf(UncheckedIOException.class)
                .hasMessage("auth/munge: cannot reach munged at /run/munge/munge.socket.2: no such socket"
                        + " (is munge running?)");
        assertThatThrownBy(() -> AuthMethods.daemonCredentials("auth/munge", KEY, clock, 0, 0, "ctl1"))
                .hasMessageContaining("is munge running?");
    }
}
