package io.jslurm.slurmctld.fairshare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.jslurm.slurmctld.ManualClock;
import io.jslurm.slurmctld.job.Allocation;
import io.jslurm.slurmctld.job.JobSpec;
import io.jslurm.slurmctld.job.JobState;
import io.jslurm.slurmctld.job.StateChange;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Fair-share usage is charged by the billing TRES: the partition's TRESBillingWeights, else the CPU count. */
class BilledUsageTest {

    @TempDir
    Path dir;
    final ManualClock clock = new ManualClock(Instant.parse("2026-11-30T12:00:00Z"));

    private static final AccountingView ALICE_IN_ML = new AccountingView(List.of(new Association("root", "", "", 1, 0),
            new Association("ml", "", "root", 1, 0), new Association("ml", "alice", "", 1, 0)),
            Map.of("alice", "ml"), Map.of("normal", 0L));

    /** Raw usage of alice after a 2-CPU, 4 GB (per node) job ran 100 s under these partition options. */
    private double usageAfterARun(String partitionOptions) throws Exception {
        try (UsageStateDir state = UsageStateDir.open(dir.resolve(Integer.toString(partitionOptions.hashCode())), "p",
                partitionOptions, clock)) {
            FairShareService service = FairShareService.open(() -> ALICE_IN_ML, state::config, clock);
            service.update(state.store());
            long id = state.store().submit(JobSpec.builder("alice", 1001, 1001).account("ml").partition("p")
                    .script("#!/bin/sh\n").build()).jobId();
            state.store().transition(id, StateChange.start(JobState.RUNNING,
                    new Allocation("n1", 1, 2, 4096, List.of())));
            clock.advance(Duration.ofSeconds(100));
            service.update(state.store());
            return service.current().row("ml", "alice").orElseThrow().rawUsage();
        }
    }

    @Test
    void withoutWeightsUsageIsCpuSeconds() throws Exception {
        assertThat(usageAfterARun("")).isCloseTo(200.0, within(2.0));
    }

    @Test
    void weightsChargeEveryTres() throws Exception {
        // 2 CPUs * 1.0 + 4 GB * 1.5 = 8 per second
        assertThat(usageAfterARun("TRESBillingWeights=CPU=1.0,Mem=1.5G")).isCloseTo(800.0, within(8.0));
    }

    @Test
    void maxTresChargesTheLargestOne() throws Exception {
        // MAX(2 * 1.0, 4 * 1.5) = 6 per second
        assertThat(usageAfterARun("TRESBillingWeights=CPU=1.0,Mem=1.5G\nPriorityFlags=MAX_TRES"))
                .isCloseTo(600.0, within(6.0));
    }
}
