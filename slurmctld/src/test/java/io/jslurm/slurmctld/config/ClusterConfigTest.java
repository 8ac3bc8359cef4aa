package io.jslurm.slurmctld.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.conf.ConfException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClusterConfigTest {

    private static final String BASE = """
            ClusterName=c
            SlurmctldHost=localhost
            NodeName=n1 CPUs=1
            PartitionName=p Nodes=n1
            """;

    @TempDir
    Path dir;

    private ClusterConfig load(String extra) throws Exception {
        Path conf = dir.resolve("slurm.conf");
        Files.writeString(conf, extra + BASE);
        return ClusterConfig.load(conf);
    }

    @Test
    void aRequeuedJobWaitsTheCredentialLifetimeAsInSlurm() throws Exception {
        assertThat(load("").requeueDelay()).isEqualTo(Duration.ofSeconds(120));
        assertThat(load("AuthInfo=cred_expire=30\n").requeueDelay()).isEqualTo(Duration.ofSeconds(30));
        assertThat(load("AuthInfo=socket=/run/x.socket,cred_expire=7\n").requeueDelay())
                .isEqualTo(Duration.ofSeconds(7));
    }

    @Test
    void aBadCredExpireIsRefusedWithItsLine() {
        assertThatThrownBy(() -> load("AuthInfo=cred_expire=soon\n")).isInstanceOf(ConfException.class)
                .hasMessageContaining("slurm.conf:1").hasMessageContaining("cred_expire=soon");
        assertThatThrownBy(() -> load("AuthInfo=cred_expire=2\n")).isInstanceOf(ConfException.class)
                .hasMessageContaining("at least 5");
    }

    @Test
    void jobFileAppendIsOffUnlessSetToOne() throws Exception {
        assertThat(load("").jobFileAppend()).isFalse();
        assertThat(load("JobFileAppend=1\n").jobFileAppend()).isTrue();
    }
}
