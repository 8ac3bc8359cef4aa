package io.jslurm.slurmctld.assoc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.jslurm.common.time.TimeLimit;
import io.jslurm.conf.slurm.AccountingEnforce;
import io.jslurm.protocol.proto.DbdQosRecord;
import io.jslurm.sched.limits.LimitCheck;
import io.jslurm.sched.limits.LimitUsage;
import io.jslurm.sched.limits.LimitViolation;
import io.jslurm.sched.plan.PendingReason;
import io.jslurm.slurmctld.ManualClock;
import io.jslurm.slurmctld.fairshare.AssociationSource;
import io.jslurm.slurmctld.fairshare.FairShareService;
import io.jslurm.slurmctld.fairshare.TresUsageLedger;
import io.jslurm.slurmctld.fairshare.UsageStateDir;
import io.jslurm.slurmctld.job.Allocation;
import io.jslurm.slurmctld.job.ExitCode;
import io.jslurm.slurmctld.job.JobSpec;
import io.jslurm.slurmctld.job.JobState;
import io.jslurm.slurmctld.job.ResourceRequest;
import io.jslurm.slurmctld.job.StateChange;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The usage GrpTRESMins is measured against is saved in StateSaveLocation: a controller started again on the same
 * state holds back the job it held back before, and decays the usage by the time since the last save.
 */
class TresUsageRestartTest {

    @TempDir
    Path dir;
    final ManualClock clock = new ManualClock(Instant.parse("2026-11-30T12:00:00Z"));
    UsageStateDir state;
    /** QOS normal may use 3 CPU-minutes in all. */
    final AccountingData data = AccountingData.of(SeedAccounting.snapshot().toBuilder()
            .setQos(0, DbdQosRecord.newBuilder().setId(1).setName("normal").setGrpTresMins("cpu=3")).build());

    @BeforeEach
    void openState() throws IOException {
        state = UsageStateDir.open(dir, "gpu", clock);
    }

    @AfterEach
    void closeState() {
        state.close();
    }

    @Test
    void aGroupOverItsGrpTresMinsStaysHeldBackAfterARestartUntilItsUsageDecays() {
        FairShareService before = FairShareService.open(AssociationSource.NONE, () -> state.config(), clock);
        before.update(state.store());
        long id = state.store().submit(JobAccountsTest.spec("bob").account("ml").qos("normal").build()).jobId();
        state.store().transition(id, StateChange.start(JobState.RUNNING, new Allocation("n1", 1, 2, 100, List.of())));
        clock.advance(Duration.ofSeconds(90));
        state.store().transition(id, StateChange.finish(JobState.COMPLETED, ExitCode.of(0, 0),
                io.jslurm.slurmctld.job.PendingReason.NONE));
        before.update(state.store());
        TresUsageLedger.Key bob = new TresUsageLedger.Key("ml", "bob", "normal");
        assertThat(before.tresUsage().get(bob).tresSeconds().get("cpu")).isCloseTo(180.0, within(1.0));

        // The first service is dropped without a word, as a killed controller would be.
        clock.advance(Duration.ofMinutes(1));
        FairShareService after = FairShareService.open(AssociationSource.NONE, () -> state.config(), clock);

        assertThat(after.tresUsage()).isEqualTo(before.tresUsage());
        assertThat(heldBack(after)).map(LimitViolation::reason).contains(PendingReason.QOS_GRP_CPU_MIN);

        // A half-life after the last save, half the 3 CPU-minutes are left: a 1 CPU-minute job fits again.
        clock.advance(Duration.ofDays(7).minusMinutes(1));
        after.update(state.store());
        assertThat(after.tresUsage().get(bob).tresSeconds().get("cpu")).isCloseTo(90.0, within(1.0));
        assertThat(after.tresUsage().get(bob).wallSeconds()).isCloseTo(45.0, within(1.0));
        assertThat(heldBack(after)).isEmpty();
    }

    /** Why bob's next one-minute, one-CPU job under QOS normal may not start, if it may not. */
    private Optional<LimitViolation> heldBack(FairShareService service) {
        JobAccounts accounts = new JobAccounts(() -> data, () -> EnumSet.of(AccountingEnforce.ASSOCIATIONS,
                AccountingEnforce.LIMITS, AccountingEnforce.QOS), service::tresUsage);
        JobSpec next = JobAccountsTest.spec("bob").account("ml").qos("normal").resources(ResourceRequest.DEFAULT
                .withTimeLimit(Optional.of(TimeLimit.ofMinutes(1)), Optional.empty())).build();
        return LimitCheck.runnable(accounts.limited(next).orElseThrow(), accounts.policy(),
                LimitUsage.of(List.of()), accounts.used());
    }
}
