package io.jslurm.slurmctld.rpc;

import static io.jslurm.slurmctld.ControllerFixture.ALICE;
import static io.jslurm.slurmctld.ControllerFixture.job;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.proto.ReconfigureRequest;
import io.jslurm.slurmctld.ControllerFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Submissions are checked against the empty cluster once per shape, and again after the cluster changes. */
class SubmitFitsTest {

    @TempDir
    Path dir;
    ControllerFixture cluster;

    @BeforeEach
    void start() throws Exception {
        cluster = new ControllerFixture(dir);
    }

    @AfterEach
    void stop() throws Exception {
        cluster.close();
    }

    @Test
    void aShapeRefusedOnceIsRefusedAgainUntilNodesGrowThenAccepted() throws Exception {
        for (int i = 0; i < 3; i++) {
            assertThatThrownBy(() -> cluster.submit(ALICE, job(ALICE, "alice").setCpusPerTask(12)))
                    .isInstanceOfSatisfying(RpcException.class, e -> {
                        assertThat(e.errorCode()).isEqualTo(2014);
                        assertThat(e.getMessage()).isEqualTo("Requested node configuration is not available");
                    });
        }
        long small = cluster.submit(ALICE, job(ALICE, "alice").setCpusPerTask(4));
        assertThat(cluster.submit(ALICE, job(ALICE, "alice").setCpusPerTask(4))).isEqualTo(small + 1);

        // The same nodes with 16 cores each: the shape refused above now fits.
        Path conf = dir.resolve("slurm.conf");
        Files.writeString(conf, Files.readString(conf).replace("CPUs=8 Sockets=1 CoresPerSocket=8",
                "CPUs=16 Sockets=1 CoresPerSocket=16"));
        cluster.client(0).call(ReconfigureRequest.getDefaultInstance());
        assertThat(cluster.submit(ALICE, job(ALICE, "alice").setCpusPerTask(12))).isEqualTo(small + 2);
        assertThatThrownBy(() -> cluster.submit(ALICE, job(ALICE, "alice").setCpusPerTask(20)))
                .isInstanceOfSatisfying(RpcException.class, e -> assertThat(e.errorCode()).isEqualTo(2014));
    }

    @Test
    void requiredNodesOutsideThePartitionAreNamedEveryTime() throws Exception {
        Path conf = dir.resolve("slurm.conf");
        Files.writeString(conf, Files.readString(conf) + "PartitionName=one Nodes=gpu01 MaxTime=10\n");
        cluster.client(0).call(ReconfigureRequest.getDefaultInstance());
        for (int i = 0; i < 2; i++) {
            assertThatThrownBy(() -> cluster.submit(ALICE, job(ALICE, "alice").setPartition("one")
                    .setNodelist("gpu02")))
                    .isInstanceOfSatisfying(RpcException.class, e -> assertThat(e.errorCode()).isEqualTo(2004));
        }
    }
}
