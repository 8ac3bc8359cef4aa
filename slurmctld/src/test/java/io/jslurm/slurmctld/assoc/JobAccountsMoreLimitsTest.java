package io.jslurm.slurmctld.assoc;

import static io.jslurm.slurmctld.assoc.JobAccountsTest.refusal;
import static io.jslurm.slurmctld.assoc.JobAccountsTest.spec;
import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.common.time.TimeLimit;
import io.jslurm.conf.slurm.AccountingEnforce;
import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.proto.DbdQosRecord;
import io.jslurm.sched.limits.MinutesLimits;
import io.jslurm.sched.limits.UsedMinutes;
import io.jslurm.slurmctld.fairshare.TresUsageLedger;
import io.jslurm.slurmctld.job.JobSpec;
import io.jslurm.slurmctld.job.ResourceRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The seed's accounting (alice: QOS normal-train, priority-train with MaxWall 7 days; bob: MaxSubmitJobs=2) with
 * the limits Slurm applies beyond counting: default time limits, arrays, updates, and the time-weighted limits.
 */
class JobAccountsMoreLimitsTest {

    private final Set<AccountingEnforce> enforce = EnumSet.of(AccountingEnforce.ASSOCIATIONS,
            AccountingEnforce.LIMITS, AccountingEnforce.QOS);
    private AccountingData data = AccountingData.of(SeedAccounting.snapshot());
    private final Map<TresUsageLedger.Key, TresUsageLedger.Used> usage = new HashMap<>();
    private final List<JobSpec> submitted = new ArrayList<>();
    private final JobAccounts accounts = new JobAccounts(() -> data, () -> enforce, () -> usage);

    private JobSpec resolve(JobSpec.Builder spec, int jobs, TimeLimit partitionMax) throws RpcException {
        return accounts.resolve(spec.build(), () -> submitted, jobs, partitionMax);
    }

    @Test
    void aJobWithoutTimeGetsItsQosMaxWallCappedByThePartitionsMaxTime() throws RpcException {
        JobSpec unlimitedPartition = resolve(spec("alice").qos("priority-train"), 1, TimeLimit.UNLIMITED);
        JobSpec twoDayPartition = resolve(spec("alice").qos("priority-train"), 1, TimeLimit.ofMinutes(2 * 24 * 60));

        assertThat(unlimitedPartition.resources().timeLimit()).contains(TimeLimit.ofMinutes(7 * 24 * 60));
        assertThat(twoDayPartition.resources().timeLimit()).contains(TimeLimit.ofMinutes(2 * 24 * 60));
    }

    @Test
    void anAskedTimeOrNoMaxWallLeavesTheTimeLimitAsItWas() throws RpcException {
        JobSpec asked = resolve(spec("alice").qos("priority-train").resources(ResourceRequest.DEFAULT
                .withTimeLimit(Optional.of(TimeLimit.ofMinutes(10)), Optional.empty())), 1, TimeLimit.UNLIMITED);
        JobSpec noMaxWall = resolve(spec("alice").qos("normal-train"), 1, TimeLimit.UNLIMITED);

        assertThat(asked.resources().timeLimit()).contains(TimeLimit.ofMinutes(10));
        assertThat(noMaxWall.resources().timeLimit()).isEmpty();
    }

    @Test
    void anArrayOfMoreTasksThanMaxSubmitJobsIsRefusedWithTheAccountingPolicyError() throws RpcException {
        RpcException three = refusal(() -> resolve(spec("bob"), 3, TimeLimit.UNLIMITED));

        assertThat(three.errorCode()).isEqualTo(2050);
        assertThat(resolve(spec("bob"), 2, TimeLimit.UNLIMITED).account()).isEqualTo("ml");
    }

    @Test
    void anUpdatedAccountOrQosIsCheckedAsAtSubmit() throws RpcException {
        JobSpec alices = resolve(spec("alice").qos("normal-train"), 1, TimeLimit.UNLIMITED);

        assertThat(refusal(() -> accounts.recheck(alices.toBuilder().qos("nosuch").build())).errorCode())
                .isEqualTo(2066);
        assertThat(refusal(() -> accounts.recheck(alices.toBuilder().account("physics").build())).errorCode())
                .isEqualTo(2045);
        JobSpec bobs = resolve(spec("bob"), 1, TimeLimit.UNLIMITED);
        assertThat(refusal(() -> accounts.recheck(bobs.toBuilder().qos("priority-train").build())).errorCode())
                .isEqualTo(2066);
        assertThat(accounts.recheck(alices.toBuilder().qos("priority-train").build()).qos())
                .isEqualTo("priority-train");
    }

    @Test
    void tresMinutesLimitsAreReadFromAccounting() {
        var snapshot = SeedAccounting.snapshot().toBuilder();
        snapshot.addQos(DbdQosRecord.newBuilder().setId(9).setName("quota").setGrpTresMins("cpu=600,gres/gpu=60")
                .setMaxTresMinsPerJob("cpu=100").setGrpWallMinutes(90));
        snapshot.setAssociations(2, snapshot.getAssociations(2).toBuilder().setGrpTresMins("cpu=1000")
                .setGrpWallMinutes(30));
        data = AccountingData.of(snapshot.build());

        MinutesLimits quota = accounts.policy().qos("quota").orElseThrow().minutes();
        assertThat(quota.grpTresMins()).isEqualTo(Map.of("cpu", 600L, "gres/gpu", 60L));
        assertThat(quota.maxTresMinsPerJob()).isEqualTo(Map.of("cpu", 100L));
        assertThat(quota.grpWall()).contains(Duration.ofMinutes(90));
        MinutesLimits ml = accounts.policy().associations().get(3L).minutes();
        assertThat(ml.grpTresMins()).isEqualTo(Map.of("cpu", 1000L));
        assertThat(ml.grpWall()).contains(Duration.ofMinutes(30));
    }

    @Test
    void usageCountsInMinutesForTheUsersAssociationItsParentsAndTheQos() {
        usage.put(new TresUsageLedger.Key("ml", "bob", "normal"),
                new TresUsageLedger.Used(Map.of("cpu", 1200.0, "gres/gpu", 600.0), 600));

        UsedMinutes used = accounts.used();

        assertThat(used.assocTresMinutes(5, "cpu")).isEqualTo(20.0);
        assertThat(used.assocTresMinutes(3, "cpu")).as("account ml").isEqualTo(20.0);
        assertThat(used.assocTresMinutes(1, "gres/gpu")).as("root").isEqualTo(10.0);
        assertThat(used.assocTresMinutes(4, "cpu")).as("alice").isZero();
        assertThat(used.qosTresMinutes("normal", "gres/gpu")).isEqualTo(10.0);
        assertThat(used.assocWallMinutes(3)).isEqualTo(10.0);
    }
}
