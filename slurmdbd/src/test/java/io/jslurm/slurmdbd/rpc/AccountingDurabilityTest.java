package io.jslurm.slurmdbd.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.slurmctld.accounting.AccountingQueue;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The controller's accounting path across failures: slurmdbd goes away mid-stream, the controller
 * keeps producing and is then killed (SIGKILL, a JVM of its own) while slurmdbd is still away; a new
 * controller starts, slurmdbd comes back, and every record is stored exactly once.
 */
class AccountingDurabilityTest {

    private static final int JOBS = 3_000;
    private static DbdFixture dbd;

    @BeforeAll
    static void start() throws Exception {
        dbd = new DbdFixture("durability");
    }

    @AfterAll
    static void stop() {
        if (dbd != null) {
            dbd.close();
        }
    }

    @Test
    void nothingIsLostOrDoubledWhenSlurmdbdAndThenTheControllerGoAway() throws Exception {
        Path state = dbd.home.resolve("statesave");
        Files.createDirectories(state);
        LongSupplier storedJobs = () -> query("SELECT COUNT(*) FROM job_table WHERE cluster = 'durable'");
        LongSupplier completedJobs = () -> query("SELECT COUNT(*) FROM job_table WHERE cluster = 'durable' AND state = 'COMPLETED'");
        LongSupplier storedSteps = () -> query("SELECT COUNT(*) FROM step_table WHERE cluster = 'durable'");

        Process first = producer(state, 1, JOBS);
        try (BufferedReader out = new BufferedReader(new InputStreamReader(first.getInputStream()))) {
            waitFor(() -> storedJobs.getAsLong() > 0, 60);
            dbd.stopServer();
            long whenStopped = completedJobs.getAsLong();
            String line;
            while ((line = out.readLine()) != null && !line.equals("all queued")) {
                // the controller keeps producing while slurmdbd is away
            }
            assertThat(line).isEqualTo("all queued");
            first.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            // A batch already inside the store when the server stopped may still commit, so the count
            // can grow a little after the stop; what matters is that the outage came mid-stream.
            assertThat(whenStopped).as("slurmdbd went away mid-stream").isLessThan(JOBS);
            assertThat(completedJobs.getAsLong()).as("jobs stored while slurmdbd was away").isLessThan(JOBS);
        }

        Process second = producer(state, 1, 0);
        try {
            dbd.startServer();
            waitFor(() -> completedJobs.getAsLong() == JOBS && storedSteps.getAsLong() == 3L * JOBS, 180);
            waitFor(() -> backlog(state) == 0, 60);
        } finally {
            second.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
        assertThat(storedJobs.getAsLong()).isEqualTo(JOBS);
        assertThat(storedSteps.getAsLong()).isEqualTo(3L * JOBS);
        assertThat(query("SELECT COUNT(*) FROM step_table WHERE cluster = 'durable' AND state = 'COMPLETED'"
                + " AND id_step IN (-5, -4, 0)")).isEqualTo(3L * JOBS);
        assertThat(query("SELECT COUNT(DISTINCT id_job) FROM job_table WHERE cluster = 'durable'"
                + " AND id_job BETWEEN 1 AND " + JOBS)).isEqualTo(JOBS);
    }

    /** Bytes the live sender still has to get confirmed: its log is emptied once everything is. */
    private static long backlog(Path state) throws IOException {
        return Files.size(state.resolve("accounting").resolve(AccountingQueue.LOG));
    }

    private static Process producer(Path state, int first, int last) throws IOException {
        String java = ProcessHandle.current().info().command().orElse("java");
        return new ProcessBuilder(List.of(java, "-Xmx256m", "-cp", System.getProperty("java.class.path"),
                AccountingProducer.class.getName(), state.toString(), Integer.toString(dbd.port),
                dbd.keyFile.toString(), "durable", Integer.toString(first), Integer.toString(last)))
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
    }

    private static long query(String sql) {
        try {
            return dbd.count(sql);
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private interface Condition {
        boolean holds() throws Exception;
    }

    private static void waitFor(Condition condition, int seconds) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!condition.holds()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("condition not reached in " + seconds + " s");
            }
            Thread.sleep(50);
        }
    }
}
