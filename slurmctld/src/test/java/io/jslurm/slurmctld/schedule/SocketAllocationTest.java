package io.jslurm.slurmctld.schedule;

import static io.jslurm.slurmctld.ControllerFixture.ALICE;
import static io.jslurm.slurmctld.ControllerFixture.job;
import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.protocol.proto.JobRecord;
import io.jslurm.protocol.proto.JobState;
import io.jslurm.slurmctld.ControllerFixture;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SelectTypeParameters=CR_Socket_Memory through the controller: the test nodes have one socket of 8 cores, so a
 * one-CPU job holds all 8 CPUs of its node, as scontrol show job's NumCPUs says, and a third such job waits.
 */
class SocketAllocationTest {

    @TempDir
    Path dir;
    ControllerFixture cluster;

    @BeforeEach
    void start() throws Exception {
        cluster = new ControllerFixture(dir, "SelectType=select/cons_tres\nSelectTypeParameters=CR_Socket_Memory\n");
        cluster.register("gpu01", 16000);
        cluster.register("gpu02", 16000);
    }

    @AfterEach
    void stop() throws Exception {
        cluster.close();
    }

    @Test
    void eachOneCpuJobHoldsAWholeSocket() throws Exception {
        long first = cluster.submit(ALICE, job(ALICE, "alice").setNtasks(1).setMemPerNodeMb(100));
        long second = cluster.submit(ALICE, job(ALICE, "alice").setNtasks(1).setMemPerNodeMb(100));
        long third = cluster.submit(ALICE, job(ALICE, "alice").setNtasks(1).setMemPerNodeMb(100));

        cluster.controller.loop().runPass();

        JobRecord one = cluster.job(first);
        JobRecord two = cluster.job(second);
        assertThat(one.getNumCpus()).isEqualTo(8);
        assertThat(two.getNumCpus()).isEqualTo(8);
        assertThat(one.getNodeList()).isNotEqualTo(two.getNodeList());
        assertThat(cluster.job(third).getState()).isEqualTo(JobState.JOB_PENDING);
    }
}
