package io.jslurm.slurmdbd.storage;

import static io.jslurm.slurmdbd.storage.TestJobs.T0;
import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.slurmdbd.records.ArrayIds;
import io.jslurm.slurmdbd.records.ExitCode;
import io.jslurm.slurmdbd.records.JobKey;
import io.jslurm.slurmdbd.records.JobQuery;
import io.jslurm.slurmdbd.records.JobRecord;
import io.jslurm.slurmdbd.records.JobState;
import io.jslurm.slurmdbd.records.StepId;
import io.jslurm.slurmdbd.records.StepRecord;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Against a real embedded MariaDB, started once for the class; each test uses its own cluster name. */
class JobStoreTest {

    private static AccountingDatabase database;
    private static JobStore store;

    @BeforeAll
    static void startDatabase() throws SQLException {
        StorageSettings settings = StorageSettings.embedded(TestServers.freshHome("job-store"), TestServers.freePort());
        database = AccountingDatabase.open(settings, TestServers.binaries(), Migrations.load(Migrations.ACCOUNTING),
                InstantSource.system());
        store = new JobStore(database.dataSource());
    }

    @AfterAll
    static void stopDatabase() {
        if (database != null) {
            database.close();
        }
    }

    @Test
    void replayingTheSameThousandRecordsStoresThemOnce() throws SQLException {
        List<JobRecord> jobs = new ArrayList<>();
        for (int i = 1; i <= 1_000; i++) {
            jobs.add(TestJobs.completed("replay", i, "alice", "ml", T0.plusSeconds(i), T0.plusSeconds(i + 60), T0.plusSeconds(i + 3600)));
        }
        store.upsertJobs(jobs);
        List<JobRecord> first = all("replay");
        store.upsertJobs(jobs);

        assertThat(count("replay")).isEqualTo(1_000);
        assertThat(all("replay")).isEqualTo(first).containsExactlyElementsOf(jobs);
    }

    @Test
    void aNewerStateReplacesAnOlderOneButNeverTheOtherWayRound() throws SQLException {
        JobRecord pending = TestJobs.pending("order", 42, "bob", "vision", T0);
        JobRecord running = TestJobs.running(pending, T0.plusSeconds(30), "gpu07");
        JobRecord completed = TestJobs.ended(running, T0.plusSeconds(900), JobState.COMPLETED, ExitCode.SUCCESS);

        store.upsertJob(pending);
        store.upsertJob(running);
        assertThat(only("order")).isEqualTo(running);

        store.upsertJob(completed);
        // The start message resent late, and the submission replayed, must not undo the completion.
        store.upsertJob(running);
        store.upsertJob(pending);
        JobRecord stored = only("order");
        assertThat(stored.state()).isEqualTo(JobState.COMPLETED);
        assertThat(stored.times().end()).contains(T0.plusSeconds(900));
        assertThat(stored.resources().nodeList()).isEqualTo("gpu07");
    }

    @Test
    void atTheSameRecordTimeTheStateFurtherAlongWins() throws SQLException {
        JobRecord running = TestJobs.running(TestJobs.pending("tie", 7, "carol", "nlp", T0), T0.plusSeconds(10), "gpu01");
        JobRecord failedAtOnce = TestJobs.ended(running, T0.plusSeconds(10), JobState.FAILED, new ExitCode(1, 0));

        store.upsertJob(failedAtOnce);
        store.upsertJob(running);

        assertThat(only("tie").state()).isEqualTo(JobState.FAILED);
        assertThat(only("tie").exitCode()).isEqualTo(new ExitCode(1, 0));
    }

    @Test
    void concurrentWritersSendingStatesInAnyOrderConvergeOnTheNewest() throws Exception {
        int n = 2_000;
        List<List<JobRecord>> perWriter = new ArrayList<>();
        List<JobRecord> newest = new ArrayList<>();
        for (int w = 0; w < 4; w++) {
            perWriter.add(new ArrayList<>());
        }
        for (int i = 1; i <= n; i++) {
            JobRecord pending = TestJobs.pending("concurrent", i, "kim", "ml", T0.plusSeconds(i));
            JobRecord running = TestJobs.running(pending, T0.plusSeconds(i + 10), "gpu05");
            JobRecord done = TestJobs.ended(running, T0.plusSeconds(i + 100), JobState.COMPLETED, ExitCode.SUCCESS);
            List<JobRecord> states = List.of(pending, running, done, running);
            for (int w = 0; w < 4; w++) {
                // Each writer gets a different state of each job, rotated so the newest lands anywhere.
                perWriter.get(w).add(states.get((w + i) % 4));
            }
            newest.add(done);
        }
        ExecutorService writers = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (List<JobRecord> records : perWriter) {
                done.add(writers.submit(() -> {
                    store.upsertJobs(records);
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
        } finally {
            writers.shutdown();
        }

        assertThat(all("concurrent")).containsExactlyElementsOf(newest);
    }

    @Test
    void aWindowSelectsJobsThatExistedDuringIt() throws SQLException {
        Instant h = T0;
        JobRecord endedBefore = TestJobs.completed("window", 1, "dave", "ml", h, h.plusSeconds(60), h.plusSeconds(3_000));
        JobRecord overlapsStart = TestJobs.completed("window", 2, "dave", "ml", h, h.plusSeconds(60), h.plusSeconds(4_000));
        JobRecord inside = TestJobs.completed("window", 3, "dave", "ml", h.plusSeconds(3_700), h.plusSeconds(3_800), h.plusSeconds(5_000));
        JobRecord stillRunning = TestJobs.running(TestJobs.pending("window", 4, "dave", "ml", h.plusSeconds(100)), h.plusSeconds(200), "gpu02");
        JobRecord submittedAfter = TestJobs.pending("window", 5, "dave", "ml", h.plusSeconds(7_300));
        store.upsertJobs(List.of(endedBefore, overlapsStart, inside, stillRunning, submittedAfter));

        List<JobRecord> found = store.findJobs(JobQuery.window("window", h.plusSeconds(3_600), h.plusSeconds(7_200)));

        assertThat(found).extracting(j -> j.key().jobId()).containsExactly(2L, 4L, 3L);
    }

    @Test
    void filtersByUserAccountStateAndJobId() throws SQLException {
        store.upsertJobs(List.of(
                TestJobs.completed("filters", 10, "erin", "ml", T0, T0.plusSeconds(5), T0.plusSeconds(50)),
                TestJobs.completed("filters", 11, "frank", "ml", T0.plusSeconds(1), T0.plusSeconds(5), T0.plusSeconds(50)),
                TestJobs.completed("filters", 12, "erin", "vision", T0.plusSeconds(2), T0.plusSeconds(5), T0.plusSeconds(50)),
                TestJobs.ended(TestJobs.running(TestJobs.pending("filters", 13, "erin", "ml", T0.plusSeconds(3)), T0.plusSeconds(5), "gpu03"),
                        T0.plusSeconds(60), JobState.FAILED, new ExitCode(2, 0)),
                TestJobs.pending("filters", 14, "erin", "ml", T0.plusSeconds(4))));
        JobQuery day = JobQuery.window("filters", T0, T0.plus(Duration.ofDays(1)));

        assertThat(ids(day.withUsers(Set.of("erin")))).containsExactly(10L, 12L, 13L, 14L);
        assertThat(ids(day.withUsers(Set.of("erin")).withAccounts(Set.of("ml")))).containsExactly(10L, 13L, 14L);
        assertThat(ids(day.withStates(Set.of(JobState.FAILED, JobState.PENDING)))).containsExactly(13L, 14L);
        assertThat(ids(day.withJobIds(Set.of(11L, 14L)))).containsExactly(11L, 14L);
        assertThat(ids(day.withUsers(Set.of("nobody")))).isEmpty();
    }

    @Test
    void aJobIdSelectsTheTasksOfItsArray() throws SQLException {
        JobRecord task0 = withArray(TestJobs.completed("array", 100, "gina", "ml", T0, T0.plusSeconds(5), T0.plusSeconds(50)),
                ArrayIds.task(100, 0));
        JobRecord task1 = withArray(TestJobs.completed("array", 101, "gina", "ml", T0, T0.plusSeconds(5), T0.plusSeconds(50)),
                ArrayIds.task(100, 1));
        JobRecord rest = withArray(TestJobs.pending("array", 102, "gina", "ml", T0), new ArrayIds(100, OptionalLong.empty(), "[2-9]"));
        JobRecord unrelated = TestJobs.pending("array", 103, "gina", "ml", T0);
        store.upsertJobs(List.of(task0, task1, rest, unrelated));

        List<JobRecord> found = store.findJobs(JobQuery.window("array", T0, T0.plusSeconds(86_400)).withJobIds(Set.of(100L)));

        assertThat(found).containsExactly(task0, task1, rest);
        assertThat(found.get(2).array().orElseThrow().pendingTasks()).isEqualTo("[2-9]");
    }

    @Test
    void aRequeuedJobIsANewIncarnationShownOnlyWithDuplicates() throws SQLException {
        JobRecord first = TestJobs.ended(TestJobs.running(TestJobs.pending("requeue", 500, "hank", "ml", T0), T0.plusSeconds(10), "gpu04"),
                T0.plusSeconds(100), JobState.NODE_FAIL, new ExitCode(0, 9));
        JobRecord again = TestJobs.completed("requeue", 500, "hank", "ml", T0.plusSeconds(120), T0.plusSeconds(130), T0.plusSeconds(500));
        store.upsertJobs(List.of(first, again));
        JobQuery day = JobQuery.window("requeue", T0, T0.plusSeconds(86_400));

        assertThat(store.findJobs(day)).containsExactly(again);
        assertThat(store.findJobs(day.withDuplicates(true))).containsExactly(first, again);
    }

    @Test
    void stepsAreStoredIdempotentlyAndListedAsSacctDoes() throws SQLException {
        JobRecord job = TestJobs.completed("steps", 900, "ivy", "ml", T0, T0.plusSeconds(10), T0.plusSeconds(1_000));
        JobRecord otherIncarnation = TestJobs.completed("steps", 900, "ivy", "ml", T0.plusSeconds(2_000), T0.plusSeconds(2_010), T0.plusSeconds(2_100));
        StepRecord step0Running = TestJobs.step(job, StepId.of(0), JobState.RUNNING, T0.plusSeconds(20), Optional.empty(), 1L << 30);
        StepRecord step0Done = TestJobs.step(job, StepId.of(0), JobState.COMPLETED, T0.plusSeconds(20), Optional.of(T0.plusSeconds(900)), 3L << 30);
        StepRecord batch = TestJobs.step(job, StepId.BATCH, JobState.COMPLETED, T0.plusSeconds(10), Optional.of(T0.plusSeconds(1_000)), 1L << 20);
        StepRecord extern = TestJobs.step(job, StepId.EXTERN, JobState.COMPLETED, T0.plusSeconds(10), Optional.of(T0.plusSeconds(1_000)), 0);
        StepRecord step1 = TestJobs.step(job, StepId.of(1), JobState.COMPLETED, T0.plusSeconds(901), Optional.of(T0.plusSeconds(990)), 1L << 29);
        StepRecord elsewhere = TestJobs.step(otherIncarnation, StepId.BATCH, JobState.COMPLETED, T0.plusSeconds(2_010),
                Optional.of(T0.plusSeconds(2_100)), 1);
        store.upsertJobs(List.of(job, otherIncarnation));

        store.upsertSteps(List.of(step1, step0Done, extern, batch, elsewhere));
        store.upsertSteps(List.of(step0Running, step0Done, batch));

        List<StepRecord> steps = store.findSteps(List.of(job.key()));
        assertThat(steps).containsExactly(batch, extern, step0Done, step1);
        assertThat(steps.get(2).usage().maxRss()).isEqualTo(3L << 30);
        assertThat(steps.get(2).usage().totalCpu()).isEqualTo(Duration.ofSeconds(3_720, 250_000));
        assertThat(steps).extracting(s -> s.stepId().toString()).containsExactly("batch", "extern", "0", "1");
    }

    @Test
    void batchedIngestStoresEveryRecordOfALargeBatch() throws SQLException {
        // Throughput is a benchmark figure (docs/performance.md), not an assertion: CI machines are shared.
        int n = 20_000;
        List<JobRecord> jobs = ingestJobs("ingest", n);
        long t0 = System.nanoTime();
        store.upsertJobs(jobs);
        double seconds = (System.nanoTime() - t0) / 1e9;
        System.out.printf("ingest: %d job records in %.2f s = %.0f records/s%n", n, seconds, n / seconds);
        assertThat(count("ingest")).isEqualTo(n);
    }

    private static List<JobRecord> ingestJobs(String cluster, int n) {
        List<JobRecord> jobs = new ArrayList<>(n);
        for (int i = 1; i <= n; i++) {
            jobs.add(TestJobs.completed(cluster, i, "user" + (i % 50), "acct" + (i % 7), T0.plusSeconds(i),
                    T0.plusSeconds(i + 30), T0.plusSeconds(i + 600)));
        }
        return jobs;
    }

    private static JobRecord withArray(JobRecord j, ArrayIds array) {
        return new JobRecord(j.key(), Optional.of(array), j.name(), j.owner(), j.account(), j.partition(), j.qos(), j.state(),
                j.cancelledBy(), j.reason(), j.exitCode(), j.derivedExitCode(), j.priority(), j.resources(), j.times(), j.io(), j.comment(),
                j.submitLine(), j.restartCount(), j.recordTime());
    }

    private static List<Long> ids(JobQuery query) throws SQLException {
        return store.findJobs(query).stream().map(j -> j.key().jobId()).toList();
    }

    private static List<JobRecord> all(String cluster) throws SQLException {
        return store.findJobs(new JobQuery(cluster, Optional.empty(), Optional.empty(), Set.of(), Set.of(), Set.of(), Set.of(), true));
    }

    private static JobRecord only(String cluster) throws SQLException {
        List<JobRecord> jobs = all(cluster);
        assertThat(jobs).hasSize(1);
        return jobs.get(0);
    }

    private static long count(String cluster) throws SQLException {
        try (Connection c = database.dataSource().getConnection();
             PreparedStatement s = c.prepareStatement("SELECT COUNT(*) FROM job_table WHERE cluster = ?")) {
            s.setString(1, cluster);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }
}
