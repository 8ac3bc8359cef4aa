package io.jslurm.slurmd.daemon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.conf.slurm.SlurmConfig;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class NodeIdentityTest {
    private static final SlurmConfig CONFIG = Configs.load("""
            ClusterName=c
            SlurmctldHost=ctl
            SlurmdPort=7000
            SlurmdSpoolDir=/var/spool/slurmd/%n
            SlurmdLogFile=/var/log/slurm/slurmd.%n.log
            SlurmdPidFile=/run/slurmd-%n.pid
            NodeName=gpu01
            NodeName=sim1 NodeHostname=devbox Port=17001
            NodeName=sim2 NodeHostname=devbox Port=17002
            NodeName=alias NodeHostname=box7 Port=17100
            PartitionName=p Nodes=gpu01,sim[1-2],alias
            """).slurm();

    @Test
    void theShortHostNameIsTheNodeNameAndSlurmdPortItsPort() throws Exception {
        NodeIdentity identity = NodeIdentity.resolve(CONFIG, Optional.empty(), "gpu01");

        assertThat(identity.name()).isEqualTo("gpu01");
        assertThat(identity.port()).isEqualTo(7000);
    }

    @Test
    void dashNPicksOneOfSeveralNodesOnThisHostWithItsOwnPort() throws Exception {
        assertThat(NodeIdentity.resolve(CONFIG, Optional.of("sim1"), "devbox").port()).isEqualTo(17001);
        assertThat(NodeIdentity.resolve(CONFIG, Optional.of("sim2"), "devbox").port()).isEqualTo(17002);
    }

    @Test
    void aNodeHostnameOfOneNodeNamesIt() throws Exception {
        assertThat(NodeIdentity.resolve(CONFIG, Optional.empty(), "box7").name()).isEqualTo("alias");
    }

    @Test
    void aHostOfSeveralNodesNeedsDashN() {
        assertThatThrownBy(() -> NodeIdentity.resolve(CONFIG, Optional.empty(), "devbox"))
                .isInstanceOf(NodeIdentity.UnknownNodeException.class)
                .hasMessageContaining("belongs to 2 nodes").hasMessageContaining("-N");
    }

    @Test
    void anUnknownHostOrNameIsRefused() {
        assertThatThrownBy(() -> NodeIdentity.resolve(CONFIG, Optional.empty(), "laptop"))
                .hasMessageContaining("'laptop'").hasMessageContaining("-N");
        assertThatThrownBy(() -> NodeIdentity.resolve(CONFIG, Optional.of("gpu99"), "gpu01"))
                .hasMessage("Unable to find node 'gpu99' in slurm.conf");
    }

    @Test
    void filesOfEachNodeAreKeptApartByPercentN() {
        DaemonFiles sim1 = DaemonFiles.of(CONFIG.paths(), "sim1", "devbox");
        DaemonFiles sim2 = DaemonFiles.of(CONFIG.paths(), "sim2", "devbox");

        assertThat(sim1.spoolDir()).isEqualTo(Path.of("/var/spool/slurmd/sim1"));
        assertThat(sim2.spoolDir()).isEqualTo(Path.of("/var/spool/slurmd/sim2"));
        assertThat(sim1.logFile()).contains(Path.of("/var/log/slurm/slurmd.sim1.log"));
        assertThat(sim2.pidFile()).isEqualTo(Path.of("/run/slurmd-sim2.pid"));
        assertThat(DaemonFiles.expand(Path.of("/x/%h/%%n/%n"), "n1", "host")).isEqualTo(Path.of("/x/host/%n/n1"));
    }
}
