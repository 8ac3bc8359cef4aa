package io.jslurm.slurmctld.assoc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.common.time.TimeLimit;
import io.jslurm.conf.slurm.AccountingEnforce;
import io.jslurm.protocol.RpcException;
import io.jslurm.slurmctld.job.GresRequest;
import io.jslurm.slurmctld.job.JobSpec;
import io.jslurm.slurmctld.job.ResourceRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Submit-time account and QOS resolution, as AccountingStorageEnforce=associations,limits,qos,safe asks. */
class JobAccountsTest {

    private static final Set<AccountingEnforce> SEED_ENFORCE = EnumSet.of(AccountingEnforce.ASSOCIATIONS,
            AccountingEnforce.LIMITS, AccountingEnforce.QOS, AccountingEnforce.SAFE);

    private Set<AccountingEnforce> enforce = SEED_ENFORCE;
    private AccountingData data = AccountingData.of(SeedAccounting.snapshot());
    private final List<JobSpec> submitted = new ArrayList<>();
    private final JobAccounts accounts = new JobAccounts(() -> data, () -> enforce);

    static JobSpec.Builder spec(String user) {
        return JobSpec.builder(user, 1000, 1000).partition("gpu").script("#!/bin/sh\n");
    }

    JobSpec resolve(JobSpec.Builder spec) throws RpcException {
        return accounts.resolve(spec.build(), () -> submitted);
    }

    static RpcException refusal(ThrowingCall call) {
        try {
            call.run();
        } catch (RpcException e) {
            return e;
        }
        throw new AssertionError("not refused");
    }

    @FunctionalInterface
    interface ThrowingCall {
        void run() throws RpcException;
    }

    @Test
    void theDefaultAccountAndQosAreFilledIn() throws RpcException {
        JobSpec bob = resolve(spec("bob"));

        assertThat(bob.account()).isEqualTo("ml");
        assertThat(bob.qos()).isEqualTo("normal");
    }

    @Test
    void anAllowedQosIsAccepted() throws RpcException {
        assertThat(resolve(spec("alice").qos("priority-train")).qos()).isEqualTo("priority-train");
    }

    @Test
    void theAssociationsDefaultQosIsUsed() throws RpcException {
        var snapshot = SeedAccounting.snapshot().toBuilder();
        snapshot.setAssociations(3, snapshot.getAssociations(3).toBuilder().setDefaultQos("normal-train"));
        data = AccountingData.of(snapshot.build());

        assertThat(resolve(spec("alice")).qos()).isEqualTo("normal-train");
    }

    @Test
    void anUnknownAccountOrUserIsRefusedWithSlurmsError() {
        RpcException wrongAccount = refusal(() -> resolve(spec("alice").account("physics")));
        RpcException unknownUser = refusal(() -> resolve(spec("carol")));

        assertThat(wrongAccount.errorCode()).isEqualTo(2045);
        assertThat(wrongAccount.getMessage())
                .isEqualTo("Invalid account or account/partition combination specified");
        assertThat(unknownUser.errorCode()).isEqualTo(2045);
    }

    @Test
    void aQosTheAssociationMayNotUseIsRefused() {
        RpcException notAllowed = refusal(() -> resolve(spec("bob").qos("priority-train")));
        RpcException unknown = refusal(() -> resolve(spec("alice").qos("nosuch")));
        RpcException defaultNotAllowed = refusal(() -> resolve(spec("alice")));

        assertThat(notAllowed.errorCode()).isEqualTo(2066);
        assertThat(notAllowed.getMessage()).isEqualTo("Invalid qos specification");
        assertThat(unknown.errorCode()).isEqualTo(2066);
        assertThat(defaultNotAllowed.errorCode()).as("alice's QOS list leaves out normal").isEqualTo(2066);
    }

    @Test
    void withoutQosEnforcementAnyQosPasses() throws RpcException {
        enforce = EnumSet.of(AccountingEnforce.ASSOCIATIONS);

        assertThat(resolve(spec("bob").qos("priority-train")).qos()).isEqualTo("priority-train");
        assertThatThrownBy(() -> resolve(spec("carol"))).isInstanceOf(RpcException.class);
    }

    @Test
    void withoutEnforcementUnknownAccountsPass() throws RpcException {
        enforce = Set.of();

        assertThat(resolve(spec("carol").account("x")).account()).isEqualTo("x");
    }

    @Test
    void withoutAccountingConfiguredNothingIsRefused() throws RpcException {
        data = AccountingData.EMPTY;

        assertThat(resolve(spec("carol")).account()).isEmpty();
    }

    @Test
    void beforeTheFirstCopyFromSlurmdbdEveryAccountIsRefusedWhereAssociationsAreEnforced() throws RpcException {
        data = AccountingData.AWAITING;

        RpcException unknown = refusal(() -> resolve(spec("carol").account("nosuch")));
        RpcException known = refusal(() -> resolve(spec("alice").account("ml")));
        RpcException update = refusal(() -> accounts.recheck(spec("alice").account("ml").build()));

        assertThat(unknown.errorCode()).isEqualTo(2045);
        assertThat(known.errorCode()).isEqualTo(2045);
        assertThat(update.errorCode()).isEqualTo(2045);
        enforce = Set.of();
        assertThat(resolve(spec("carol").account("nosuch")).account()).isEqualTo("nosuch");
    }

    @Test
    void maxSubmitJobsRefusesTheThirdJobWithTheAccountingPolicyError() throws RpcException {
        submitted.add(resolve(spec("bob")));
        submitted.add(resolve(spec("bob")));

        RpcException third = refusal(() -> resolve(spec("bob")));

        assertThat(third.errorCode()).isEqualTo(2050);
        assertThat(third.getMessage())
                .isEqualTo("Job violates accounting/QOS policy (job submit limit, user's size and/or time limits)");
    }

    @Test
    void aJobCountsItsGpusCpusAndTimeAgainstLimits() throws RpcException {
        ResourceRequest fourGpusOnTwoNodes = new ResourceRequest(2, 2, 0, 0, 8, io.jslurm.slurmctld.job.MemoryRequest.NONE,
                List.of(GresRequest.gpusPerNode("", 4)), Optional.of(TimeLimit.ofMinutes(90)), Optional.empty());
        JobSpec job = resolve(spec("alice").qos("normal-train").resources(fourGpusOnTwoNodes));

        var limited = accounts.limited(job).orElseThrow();

        assertThat(limited.tres()).isEqualTo(Map.of("gres/gpu", 8L, "cpu", 16L, "node", 2L));
        assertThat(limited.assocChain()).containsExactly(4L, 3L, 1L);
        assertThat(limited.qos()).isEqualTo("normal-train");
        assertThat(limited.timeLimit()).contains(Duration.ofMinutes(90));
    }
}
