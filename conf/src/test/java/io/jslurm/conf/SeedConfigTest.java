package io.jslurm.conf;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.common.gres.GresSpec;
import io.jslurm.common.time.TimeLimit;
import io.jslurm.common.units.MemorySize;
import io.jslurm.conf.gres.AutoDetect;
import io.jslurm.conf.slurm.AccountingStoragePlugin;
import io.jslurm.conf.slurm.AuthPlugin;
import io.jslurm.conf.slurm.ControllerHost;
import io.jslurm.conf.slurm.NodeConfig;
import io.jslurm.conf.slurm.NodeStateSetting;
import io.jslurm.conf.slurm.OverSubscribe;
import io.jslurm.conf.slurm.PartitionConfig;
import io.jslurm.conf.slurm.PartitionState;
import io.jslurm.conf.slurm.PortRange;
import io.jslurm.conf.slurm.ResourceMode;
import io.jslurm.conf.slurm.SchedulerPlugin;
import io.jslurm.conf.slurm.SelectPlugin;
import io.jslurm.conf.slurm.SlurmConfig;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The configurations from the articles this project started from, read from disk as a daemon would. */
class SeedConfigTest {

    private static Path seed(String name) throws URISyntaxException {
        return Path.of(SeedConfigTest.class.getResource("/seeds/" + name + "/slurm.conf").toURI());
    }

    @Test
    void gpuClusterGlobalSettings() throws Exception {
        LoadedConfig loaded = ConfLoader.fromFileSystem().load(seed("000-gpu-cluster"));
        SlurmConfig conf = loaded.slurm();

        assertThat(conf.clusterName()).isEqualTo("ai-gpu-cluster");
        assertThat(conf.controllers()).containsExactly(
                new ControllerHost("headnode01", Optional.empty()), new ControllerHost("headnode02", Optional.empty()));
        assertThat(conf.authType()).isEqualTo(AuthPlugin.MUNGE);
        assertThat(conf.scheduling().scheduler()).isEqualTo(SchedulerPlugin.BACKFILL);
        assertThat(conf.scheduling().select()).isEqualTo(SelectPlugin.CONS_TRES);
        assertThat(conf.scheduling().selectParameters().mode()).isEqualTo(ResourceMode.CR_CORE_MEMORY);
        assertThat(conf.scheduling().selectParameters().flags()).isEmpty();
        assertThat(conf.gresTypes()).containsExactly("gpu");
        assertThat(conf.accounting().type()).isEqualTo(AccountingStoragePlugin.SLURMDBD);
        assertThat(conf.accounting().host()).contains("headnode01");
        assertThat(conf.accounting().port()).isEqualTo(6819);
        assertThat(conf.accounting().tres()).containsExactly("gres/gpu");
        assertThat(conf.slurmctldPort()).isEqualTo(new PortRange(6817, 6817));
        assertThat(conf.slurmdPort()).isEqualTo(6818);
        assertThat(loaded.warnings()).isEmpty();
    }

    @Test
    void gpuClusterNodes() throws Exception {
        SlurmConfig conf = ConfLoader.fromFileSystem().load(seed("000-gpu-cluster")).slurm();

        List<String> expectedNames = IntStream.rangeClosed(1, 16).mapToObj(i -> String.format("gpu-node%02d", i)).toList();
        assertThat(conf.nodes()).extracting(NodeConfig::name).containsExactlyElementsOf(expectedNames);
        for (NodeConfig node : conf.nodes()) {
            assertThat(node.cpus()).isEqualTo(128);
            assertThat(node.realMemory()).isEqualTo(MemorySize.ofMebibytes(1_048_576L));
            assertThat(node.realMemory()).hasToString("1T");
            assertThat(node.gres()).isEqualTo(GresSpec.parse("gpu:a100:8"));
            assertThat(node.gres().entries().get(0).count()).isEqualTo(8);
            assertThat(node.state()).isEqualTo(NodeStateSetting.UNKNOWN);
            assertThat(node.hostname()).isEqualTo(node.name());
            assertThat(node.address()).isEqualTo(node.name());
            assertThat(node.location().line()).isEqualTo(30);
        }
    }

    @Test
    void gpuClusterPartitions() throws Exception {
        SlurmConfig conf = ConfLoader.fromFileSystem().load(seed("000-gpu-cluster")).slurm();

        assertThat(conf.partitions()).extracting(PartitionConfig::name).containsExactly("train", "train-priority");
        PartitionConfig train = conf.partition("train").orElseThrow();
        assertThat(train.isDefault()).isTrue();
        assertThat(train.nodes().ranged()).isEqualTo("gpu-node[01-08]");
        assertThat(train.maxTime()).isEqualTo(TimeLimit.ofMinutes(72 * 60));
        assertThat(train.state()).isEqualTo(PartitionState.UP);
        assertThat(train.allowGroups()).containsExactly("ALL");
        assertThat(train.overSubscribe()).isEqualTo(OverSubscribe.NO);

        PartitionConfig priority = conf.partition("train-priority").orElseThrow();
        assertThat(priority.isDefault()).isFalse();
        assertThat(priority.nodes().ranged()).isEqualTo("gpu-node[09-16]");
        assertThat(priority.maxTime()).isEqualTo(TimeLimit.ofMinutes(7 * 24 * 60));
        assertThat(priority.maxTime()).hasToString("7-00:00:00");
        assertThat(priority.allowGroups()).containsExactly("ml-team");
        assertThat(conf.defaultPartition()).contains(train);
    }

    @Test
    void gpuClusterGresConfAutodetects() throws Exception {
        LoadedConfig loaded = ConfLoader.fromFileSystem().load(seed("000-gpu-cluster"));

        assertThat(loaded.gres().devices()).isEmpty();
        assertThat(loaded.gres().autoDetectFor("gpu-node07")).isEqualTo(AutoDetect.NVML);
    }

    @Test
    void prodDevPartitionsTakeTierAndJobFactorFromPriority() throws Exception {
        SlurmConfig conf = ConfLoader.fromFileSystem().load(seed("004-prod-dev")).slurm();

        PartitionConfig prod = conf.partition("prod").orElseThrow();
        assertThat(prod.nodes().ranged()).isEqualTo("gpu[1-5]");
        assertThat(prod.maxTime()).isEqualTo(TimeLimit.ofMinutes(72 * 60));
        assertThat(prod.state()).isEqualTo(PartitionState.UP);
        assertThat(prod.priorityTier()).isEqualTo(1000);
        assertThat(prod.priorityJobFactor()).isEqualTo(1000);

        PartitionConfig dev = conf.partition("dev").orElseThrow();
        assertThat(dev.nodes().ranged()).isEqualTo("gpu[6-8]");
        assertThat(dev.maxTime()).isEqualTo(TimeLimit.ofMinutes(12 * 60));
        assertThat(dev.priorityTier()).isEqualTo(100);
        assertThat(dev.priorityJobFactor()).isEqualTo(100);
        assertThat(conf.defaultPartition()).isEmpty();
    }
}
