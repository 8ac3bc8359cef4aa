package io.jslurm.slurmctld.assoc;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.sched.limits.AccountingPolicy;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AccountingDataTest {

    private final AccountingData data = AccountingData.of(SeedAccounting.snapshot());

    @Test
    void aUsersAssociationChainsUpToRoot() {
        var alice = data.association("alice", "ml", "gpu").orElseThrow();

        assertThat(data.chain(alice)).containsExactly(4L, 3L, 1L);
        assertThat(data.association("alice", "physics", "gpu")).isEmpty();
        assertThat(data.association("carol", "ml", "gpu")).isEmpty();
    }

    @Test
    void qosAllowedComesFromTheNearestSettingElseNormal() {
        List<Long> alice = data.chain(data.association("alice", "ml", "").orElseThrow());
        List<Long> bob = data.chain(data.association("bob", "ml", "").orElseThrow());

        assertThat(data.allowedQos(alice)).containsExactly("normal-train", "priority-train");
        assertThat(data.allowedQos(bob)).containsExactly("normal");
        assertThat(data.defaultQos(alice)).as("two allowed, none default: Slurm falls back to normal")
                .isEqualTo("normal");
        assertThat(data.defaultQos(bob)).isEqualTo("normal");
    }

    @Test
    void defaultAccountAndAdminLevel() {
        assertThat(data.defaultAccount("alice")).contains("ml");
        assertThat(data.defaultAccount("nobody")).isEmpty();
        var rootOnlyByAssociation = AccountingData.of(SeedAccounting.snapshot().toBuilder().removeUsers(0).build());
        assertThat(rootOnlyByAssociation.defaultAccount("root")).as("its only association").contains("root");
        assertThat(data.adminLevel("alice")).isEqualTo(AdminLevel.OPERATOR);
        assertThat(data.adminLevel("root")).isEqualTo(AdminLevel.ADMINISTRATOR);
        assertThat(data.adminLevel("bob")).isEqualTo(AdminLevel.NONE);
    }

    @Test
    void qosPriorityFeedsTheMultifactorQosFactor() {
        assertThat(data.qosPriority("priority-train")).isEqualTo(100);
        assertThat(data.qosPriority("normal-train")).isEqualTo(10);
        assertThat(data.maxQosPriority()).isEqualTo(100);
    }

    @Test
    void limitsBecomeTheSchedulersPolicy() {
        AccountingPolicy policy = data.policy(true);

        var normalTrain = policy.qos("normal-train").orElseThrow();
        assertThat(normalTrain.maxTresPerUser()).isEqualTo(Map.of("gres/gpu", 32L));
        assertThat(normalTrain.maxJobsPerUser()).hasValue(10);
        assertThat(policy.qos("priority-train").orElseThrow().maxWallPerJob()).contains(Duration.ofDays(7));
        assertThat(policy.associations().get(3L).grpJobs()).hasValue(50);
        assertThat(policy.associations().get(5L).maxSubmitJobs()).hasValue(2);
        assertThat(policy.enforceLimits()).isTrue();
    }

    @Test
    void nothingIsLoadedBeforeAccountingAnswers() {
        assertThat(AccountingData.EMPTY.loaded()).isFalse();
        assertThat(data.loaded()).isTrue();
    }
}
