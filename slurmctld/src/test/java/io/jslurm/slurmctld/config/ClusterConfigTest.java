package io.jslurm.slurmctld.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.conf.ConfException;
import io.jslurm.sched.select.SelectParams;
import io.jslurm.sched.select.SelectType;
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

    @Test
    void schedulerParametersShapeTheControllersPasses() throws Exception {
        var params = load("SchedulerParameters=bf_window=120,bf_resolution=30,bf_max_job_test=50,"
                + "bf_max_job_user=4,bf_max_job_part=9,default_queue_depth=7\n").schedulerParams();
        assertThat(params.backfill().enabled()).isTrue();
        assertThat(params.backfill().window()).isEqualTo(Duration.ofMinutes(120));
        assertThat(params.backfill().resolution()).isEqualTo(Duration.ofSeconds(30));
        assertThat(params.backfill().maxJobTest()).isEqualTo(50);
        assertThat(params.backfill().maxJobUser()).isEqualTo(4);
        assertThat(params.backfill().maxJobPart()).isEqualTo(9);
        assertThat(params.defaultQueueDepth()).isEqualTo(7);
    }

    @Test
    void bfBusyNodesReachesTheBackfillPassAndIsOffByDefault() throws Exception {
        assertThat(load("SchedulerParameters=bf_window=120,bf_busy_nodes\n").schedulerParams().backfill().busyNodes())
                .isTrue();
        assertThat(load("SchedulerParameters=bf_window=120\n").schedulerParams().backfill().busyNodes()).isFalse();
    }

    @Test
    void withoutSchedulerParametersSlurmsDefaultsApplyAndBuiltinTurnsBackfillOff() throws Exception {
        var params = load("").schedulerParams();
        assertThat(params.backfill().window()).isEqualTo(Duration.ofMinutes(1440));
        assertThat(params.backfill().maxJobTest()).isEqualTo(500);
        assertThat(params.defaultQueueDepth()).isEqualTo(100);
        assertThat(load("SchedulerType=sched/builtin\nSchedulerParameters=bf_window=60\n").schedulerParams()
                .backfill().enabled()).isFalse();
    }

    @Test
    void selectTypeParametersAndMemoryDefaultsReachTheFitFunction() throws Exception {
        assertThat(load("").schedulerParams().select().type()).isEqualTo(SelectType.CR_CORE_MEMORY);
        assertThat(load("SelectTypeParameters=CR_Core\n").schedulerParams().select().type())
                .isEqualTo(SelectType.CR_CORE);
        assertThat(load("SelectTypeParameters=CR_CPU\n").schedulerParams().select().type())
                .isEqualTo(SelectType.CR_CPU);
        assertThat(load("SelectTypeParameters=CR_CPU_Memory\n").schedulerParams().select().type())
                .isEqualTo(SelectType.CR_CPU_MEMORY);
        SelectParams select = load("DefMemPerCPU=1500\nDefMemPerGPU=8192\nMaxMemPerCPU=4000\n").schedulerParams()
                .select();
        assertThat(select.defMemPerCpu()).hasValue(1500);
        assertThat(select.defMemPerGpu()).hasValue(8192);
        assertThat(select.maxMemPerCpu()).hasValue(4000);
    }
}
