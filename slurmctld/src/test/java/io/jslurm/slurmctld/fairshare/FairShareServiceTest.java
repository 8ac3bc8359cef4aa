package io.jslurm.slurmctld.fairshare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.jslurm.slurmctld.ManualClock;
import io.jslurm.slurmctld.config.ClusterConfig;
import io.jslurm.slurmctld.job.Allocation;
import io.jslurm.slurmctld.job.JobSpec;
import io.jslurm.slurmctld.job.JobState;
import io.jslurm.slurmctld.job.StateChange;
import io.jslurm.slurmctld.state.JournaledJobStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * When the service reads associations again, what it does with a damaged usage file, and the usage by TRES it
 * keeps for the TRES-minutes limits.
 */
class FairShareServiceTest {

    @TempDir
    Path dir;
    final ManualClock clock = new ManualClock(Instant.parse("2026-11-30T12:00:00Z"));
    UsageStateDir stateDir;
    ClusterConfig config;
    JournaledJobStore store;

    @BeforeEach
    void setUp() throws IOException {
        stateDir = UsageStateDir.open(dir, "p", clock);
        config = stateDir.config();
        store = stateDir.store();
    }

    @AfterEach
    void tearDown() {
        stateDir.close();
    }

    @Test
    void associationsAreReadAgainEveryFewSecondsAndAQuickRefusalIsRetriedAsOften() {
        AtomicInteger loads = new AtomicInteger();
        AssociationSource refusing = () -> {
            loads.incrementAndGet();
            throw new IOException("Connection refused");
        };
        FairShareService service = FairShareService.open(refusing, () -> config, clock);

        service.update(store);
        clock.advance(Duration.ofSeconds(1));
        service.update(store);
        assertThat(loads).hasValue(1);
        clock.advance(FairShareService.RELOAD_EVERY);
        service.update(store);
        assertThat(loads).hasValue(2);
    }

    @Test
    void theTreeComesFromTheSourceOnceItAnswers() {
        AssociationSource dbd = () -> new AccountingView(List.of(new Association("root", "", "", 1, 0),
                new Association("physics", "", "root", 1, 0), new Association("physics", "alice", "", 1, 0)),
                Map.of("alice", "physics"), Map.of("normal", 0L));
        FairShareService service = FairShareService.open(dbd, () -> config, clock);

        service.update(store);

        assertThat(service.current().factor("physics", "alice")).isEqualTo(1.0);
        assertThat(service.factor("alice", "")).isEqualTo(1.0);
        assertThat(service.view().accountOf("alice", "")).isEqualTo("physics");
    }

    @Test
    void aChangedAssociationCopyIsReadAtTheNextLookRatherThanWhenTheTreeAges() {
        List<Association> tree = new java.util.concurrent.CopyOnWriteArrayList<>(List.of(
                new Association("root", "", "", 1, 0), new Association("physics", "", "root", 1, 0),
                new Association("physics", "alice", "", 1, 0)));
        Map<String, String> defaults = new java.util.concurrent.ConcurrentHashMap<>(Map.of("alice", "physics"));
        AssociationSource copy = () -> new AccountingView(List.copyOf(tree), Map.copyOf(defaults),
                Map.of("normal", 0L));
        FairShareService service = FairShareService.open(copy, () -> config, clock);
        service.update(store);
        assertThat(service.view().accountOf("bob", "")).isEmpty();

        tree.addAll(List.of(new Association("chemistry", "", "root", 1, 0),
                new Association("chemistry", "bob", "", 1, 0)));
        defaults.put("bob", "chemistry");
        clock.advance(Duration.ofSeconds(1));
        service.associationsChanged();

        assertThat(service.current().factor("chemistry", "bob")).isEqualTo(1.0);
        assertThat(service.view().accountOf("bob", "")).isEqualTo("chemistry");
    }

    @Test
    void aDamagedUsageFileIsSetAsideAndUsageStartsAgain() throws IOException {
        Path usage = dir.resolve("state").resolve("assoc_usage");
        Files.writeString(usage, "not a usage file\n");

        FairShareService service = FairShareService.open(AssociationSource.NONE, () -> config, clock);
        service.update(store);

        assertThat(dir.resolve("state").resolve("assoc_usage.corrupt")).hasContent("not a usage file");
        assertThat(Files.readString(usage)).startsWith(UsageFile.HEADER);
    }

    @Test
    void runningJobsAreChargedByTresAndWallTimeUnderTheirQos() {
        FairShareService service = FairShareService.open(AssociationSource.NONE, () -> config, clock);
        service.update(store);
        long id = store.submit(JobSpec.builder("alice", 1001, 1001).account("ml")
                .qos("quota").partition("p").script("#!/bin/sh\n").build()).jobId();
        store.transition(id, StateChange.start(JobState.RUNNING,
                new Allocation("n1", 1, 2, 100, List.of())));

        clock.advance(Duration.ofSeconds(90));
        service.update(store);

        TresUsageLedger.Used used = service.tresUsage().get(new TresUsageLedger.Key("ml", "alice", "quota"));
        assertThat(used.tresSeconds().get("cpu")).isCloseTo(180.0, within(1.0));
        assertThat(used.tresSeconds().get("node")).isCloseTo(90.0, within(1.0));
        assertThat(used.wallSeconds()).isCloseTo(90.0, within(1.0));
    }
}
