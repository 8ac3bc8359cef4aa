package io.jslurm.sched;

import static io.jslurm.sched.testing.JobBuilder.job;
import static io.jslurm.sched.testing.NodeBuilder.node;
import static io.jslurm.sched.testing.PartitionBuilder.partition;
import static io.jslurm.sched.testing.Scenario.scenario;
import static io.jslurm.sched.testing.Scenario.seedCluster;
import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.sched.model.ClusterSnapshot;
import io.jslurm.sched.model.Constraint;
import io.jslurm.sched.select.ResourceFit;
import io.jslurm.sched.select.SelectParams;
import io.jslurm.sched.testing.JobBuilder;
import io.jslurm.sched.testing.Scenario;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SubmitCheckTest {

    static Optional<SubmitCheck.Rejection> check(Scenario scenario, JobBuilder job) {
        ClusterSnapshot snapshot = scenario.snapshot();
        return new SubmitCheck(new ResourceFit(SelectParams.DEFAULT), snapshot).check(job.build());
    }

    @Test
    void aJobThatFitsAnIdleClusterIsAccepted() {
        assertThat(check(seedCluster(), job(1).partition("gpu").nodes(16).gpusPerNode(8))).isEmpty();
    }

    @Test
    void moreGpusPerNodeThanAnyNodeHasIsRefused() {
        assertThat(check(seedCluster(), job(1).partition("gpu").gpusPerNode(9)))
                .contains(SubmitCheck.Rejection.REQUESTED_NODE_CONFIG_UNAVAILABLE);
        assertThat(SubmitCheck.Rejection.REQUESTED_NODE_CONFIG_UNAVAILABLE.message())
                .isEqualTo("Requested node configuration is not available");
    }

    @Test
    void moreNodesThanThePartitionHasIsRefused() {
        assertThat(check(seedCluster(), job(1).partition("gpu").nodes(17)))
                .contains(SubmitCheck.Rejection.REQUESTED_NODE_CONFIG_UNAVAILABLE);
    }

    @Test
    void aFeatureNoNodeHasIsRefused() {
        assertThat(check(seedCluster(), job(1).partition("gpu").constraint(Constraint.feature("h100"))))
                .contains(SubmitCheck.Rejection.REQUESTED_NODE_CONFIG_UNAVAILABLE);
    }

    @Test
    void busyDrainedOrDownNodesDoNotMakeARequestImpossible() {
        Scenario scenario = scenario().nodes(node("n1").down(), node("n2").drained());

        assertThat(check(scenario, job(1).nodes(2).ntasks(16))).isEmpty();
    }

    @Test
    void oneSuitablePartitionIsEnough() {
        Scenario scenario = scenario().nodes(node("small").coresPerSocket(4), node("big").coresPerSocket(64))
                .partitions(partition("a").nodes("small"), partition("b").nodes("big"));

        assertThat(check(scenario, job(1).partition("a", "b").ntasks(32))).isEmpty();
        assertThat(check(scenario, job(2).partition("a").ntasks(32)))
                .contains(SubmitCheck.Rejection.REQUESTED_NODE_CONFIG_UNAVAILABLE);
    }

    @Test
    void anUnknownPartitionIsRefused() {
        assertThat(check(seedCluster(), job(1).partition("nope")))
                .contains(SubmitCheck.Rejection.INVALID_PARTITION_NAME);
    }
}
