package io.jslurm.slurmdbd.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.cli.client.ClientIdentity;
import io.jslurm.cli.sacct.AccountingDaemon;
import io.jslurm.cli.sacct.Sacct;
import io.jslurm.protocol.client.RpcClient;
import io.jslurm.protocol.proto.AcctJob;
import io.jslurm.protocol.proto.DbdMessage;
import io.jslurm.protocol.proto.DbdRecordBatch;
import io.jslurm.protocol.proto.DbdRecordBatchResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.InstantSource;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** sacct against the real slurmdbd and MariaDB: what it prints, and how long a busy day takes. */
class SacctEndToEndTest {

    private static final int JOBS = 100_000;
    private static DbdFixture dbd;

    @BeforeAll
    static void start() throws Exception {
        dbd = new DbdFixture("sacct-e2e");
        try (RpcClient<DbdMessage> controller = dbd.client(0)) {
            for (int from = 1; from <= JOBS; from += 1_000) {
                DbdRecordBatch.Builder batch = DbdRecordBatch.newBuilder();
                for (int id = from; id < from + 1_000; id++) {
                    // 100,000 submissions spread over one day
                    AcctJob job = AcctSamples.completed("day", id, "user" + id % 40, "acct" + id % 5).toBuilder()
                            .setSubmitTime(AcctSamples.T0 + (long) id * 86_000 / JOBS).build();
                    batch.addJobs(job).addSteps(AcctSamples.step(job, -5, "batch")).addSteps(AcctSamples.step(job, -4, "extern"));
                }
                controller.call(batch.build(), DbdRecordBatchResponse.class);
            }
        }
    }

    @AfterAll
    static void stop() {
        if (dbd != null) {
            dbd.close();
        }
    }

    private static AccountingDaemon daemon(long uid) {
        return AccountingDaemon.at(new InetSocketAddress("127.0.0.1", dbd.port), Duration.ofSeconds(60),
                dbd.credentialsFor(uid), "day");
    }

    private static int sacct(OutputStream out, String... args) {
        InstantSource now = InstantSource.fixed(Instant.ofEpochSecond(AcctSamples.T0 + 2 * 86_400));
        return new Sacct(new PrintStream(out, false, StandardCharsets.UTF_8), System.err, now, ZoneOffset.UTC,
                new ClientIdentity(0, 0, "root"), daemon(0)).run(List.of(args));
    }

    @Test
    void aJobAndItsStepsAsAUserSeesThem() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertThat(sacct(out, "-j", "42", "-o", "jobid,jobname,user,state,elapsed,maxrss,nodelist")).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("""
                JobID           JobName      User      State    Elapsed     MaxRSS        NodeList\s
                ------------ ---------- --------- ---------- ---------- ---------- ---------------\s
                42             train-42     user2  COMPLETED   01:00:00                      gpu01\s
                42.batch          batch            COMPLETED   01:00:00       512M           gpu01\s
                42.extern        extern            COMPLETED   01:00:00       512M           gpu01\s
                """);
    }

    @Test
    void aDayOfOneHundredThousandJobs() {
        String day = "2026-11-01T00:00:00";
        String end = "2026-11-02T00:00:00";
        CountingStream counted = new CountingStream();
        sacct(counted, "-a", "-X", "-S", day, "-E", end); // warm-up
        double bestJobs = Double.MAX_VALUE;
        double bestSteps = Double.MAX_VALUE;
        double cpuJobs = Double.MAX_VALUE;
        double cpuSteps = Double.MAX_VALUE;
        for (int round = 0; round < 3; round++) {
            counted.lines = 0;
            double cpu = cpuSeconds();
            long started = System.nanoTime();
            assertThat(sacct(counted, "-a", "-X", "-S", day, "-E", end)).isZero();
            bestJobs = Math.min(bestJobs, (System.nanoTime() - started) / 1e9);
            cpuJobs = Math.min(cpuJobs, cpuSeconds() - cpu);
            assertThat(counted.lines).isEqualTo(JOBS + 2);
            counted.lines = 0;
            cpu = cpuSeconds();
            started = System.nanoTime();
            assertThat(sacct(counted, "-a", "-S", day, "-E", end)).isZero();
            bestSteps = Math.min(bestSteps, (System.nanoTime() - started) / 1e9);
            cpuSteps = Math.min(cpuSteps, cpuSeconds() - cpu);
            assertThat(counted.lines).isEqualTo(3 * JOBS + 2);
        }
        System.out.printf("FIGURE sacct -a -X over a day of %,d jobs: %.2f s wall, %.2f s CPU (slurmdbd + sacct + mariadbd);"
                + " with their %,d steps: %.2f s wall, %.2f s CPU (best of 3, warm JVM, load average %.1f)%n",
                JOBS, bestJobs, cpuJobs, 2 * JOBS, bestSteps, cpuSteps,
                java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    }

    @Test
    void sreportOverTheSameDay() throws Exception {
        long day = AcctSamples.T0;
        io.jslurm.protocol.proto.DbdUsageQuery query = io.jslurm.protocol.proto.DbdUsageQuery.newBuilder()
                .setCluster("day").setWindowStart(day).setWindowEnd(day + 86_400).build();
        double[] seconds = new double[2];
        io.jslurm.protocol.proto.DbdUsageResponse answer = null;
        try (RpcClient<DbdMessage> client = dbd.client(0)) {
            for (int round = 0; round < 2; round++) {
                long started = System.nanoTime();
                answer = client.call(query, io.jslurm.protocol.proto.DbdUsageResponse.class);
                seconds[round] = (System.nanoTime() - started) / 1e9;
            }
        }
        // Job n ran on 8 CPUs from T0 + n + 60 for an hour (AcctSamples); what of that lies inside the day.
        long expected = 0;
        for (long id = 1; id <= JOBS; id++) {
            long start = day + id + 60;
            expected += 8 * Math.max(0, Math.min(start + 3_600, day + 86_400) - Math.max(start, day));
        }
        // No capacity event was sent, so all of it is beyond the (zero) capacity.
        assertThat(answer.getAllocatedSecs() + answer.getOverCommittedSecs()).isEqualTo(expected);
        System.out.printf("FIGURE sreport cluster utilization over a day of %,d jobs: first query (rolls up the"
                + " hours) %.2f s, second %.2f s%n", JOBS, seconds[0], seconds[1]);
    }

    /**
     * CPU used so far by this JVM (slurmdbd and sacct both run in it) and by mariadbd: on a machine
     * shared with other work, wall time says more about the neighbours than about sacct.
     */
    private static double cpuSeconds() {
        var os = (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        double jvm = os.getProcessCpuTime() / 1e9;
        try {
            String pid = java.nio.file.Files.readString(dbd.home.resolve("db/run/mariadbd.pid")).strip();
            String stat = java.nio.file.Files.readString(java.nio.file.Path.of("/proc", pid, "stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            // utime and stime are fields 14 and 15 of /proc/PID/stat, in clock ticks (100 per second)
            return jvm + (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) / 100.0;
        } catch (IOException | RuntimeException unreadable) {
            return jvm;
        }
    }

    /** Counts lines without keeping them. */
    private static final class CountingStream extends OutputStream {
        long lines;

        @Override
        public void write(int b) {
            if (b == '\n') {
                lines++;
            }
        }

        @Override
        public void write(byte[] b, int off, int len) {
            for (int i = off; i < off + len; i++) {
                if (b[i] == '\n') {
                    lines++;
                }
            }
        }
    }
}
