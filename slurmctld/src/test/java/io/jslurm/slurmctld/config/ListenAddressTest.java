package io.jslurm.slurmctld.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.conf.slurm.SlurmConfig;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ListenAddressTest {

    @TempDir
    Path dir;

    private SlurmConfig load(String controllers, String extra) throws Exception {
        Path conf = dir.resolve("slurm.conf");
        Files.writeString(conf, "ClusterName=c\n" + controllers + "SlurmctldPort=7123\n" + extra
                + "NodeName=n1 CPUs=1\nPartitionName=p Nodes=n1\n");
        return ClusterConfig.load(conf).slurm();
    }

    @Test
    void byDefaultTheControllerListensOnEveryAddress() throws Exception {
        InetSocketAddress address = ListenAddress.of(load("SlurmctldHost=localhost(127.0.0.1)\n", ""), "login1");
        assertThat(address.getAddress().isAnyLocalAddress()).isTrue();
        assertThat(address.getPort()).isEqualTo(7123);
    }

    @Test
    void noCtldInAddrAnyListensOnlyOnTheControllerHostsAddress() throws Exception {
        for (String option : new String[] {"NoCtldInAddrAny", "noinaddrany", "block_null_hash,NoInAddrAny"}) {
            InetSocketAddress address = ListenAddress.of(
                    load("SlurmctldHost=localhost(127.0.0.1)\n", "CommunicationParameters=" + option + "\n"),
                    "login1");
            assertThat(address.getAddress().getHostAddress()).as(option).isEqualTo("127.0.0.1");
            assertThat(address.getPort()).isEqualTo(7123);
        }
    }

    @Test
    void theEntryNamingThisHostIsChosenAmongSeveral() throws Exception {
        SlurmConfig slurm = load("SlurmctldHost=ctl1(127.0.0.11)\nSlurmctldHost=ctl2(127.0.0.12)\n",
                "CommunicationParameters=NoCtldInAddrAny\n");
        assertThat(ListenAddress.of(slurm, "ctl2.cluster.example").getAddress().getHostAddress())
                .isEqualTo("127.0.0.12");
        assertThat(ListenAddress.of(slurm, "elsewhere").getAddress().getHostAddress()).isEqualTo("127.0.0.11");
    }

    @Test
    void anAddressThatDoesNotResolveIsNamed() throws Exception {
        SlurmConfig slurm = load("SlurmctldHost=nowhere.invalid\n", "CommunicationParameters=NoCtldInAddrAny\n");
        assertThatThrownBy(() -> ListenAddress.of(slurm, "login1")).isInstanceOf(UnknownHostException.class)
                .hasMessageContaining("SlurmctldHost=nowhere.invalid");
    }
}
