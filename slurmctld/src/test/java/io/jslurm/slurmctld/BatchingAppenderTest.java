package io.jslurm.slurmctld;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class BatchingAppenderTest {

    /** What the writer thread wrote so far; its writes are synchronized with these reads. */
    private static final class Sink extends ByteArrayOutputStream {
        String text() {
            synchronized (this) {
                return toString(StandardCharsets.UTF_8);
            }
        }
    }

    private static Logger logger(LoggerContext context, BatchingAppender appender) {
        appender.setContext(context);
        appender.start();
        Logger logger = context.getLogger("test");
        logger.addAppender(appender);
        return logger;
    }

    @Test
    void linesReachTheTargetWithoutAStopInSlurmsFormatWithTheirStackTraces() throws Exception {
        Sink sink = new Sink();
        BatchingAppender appender = new BatchingAppender(sink, 16, new LogLine(ZoneOffset.UTC), "test-log");
        Logger logger = logger(new LoggerContext(), appender);
        try {
            logger.info("_slurm_rpc_submit_batch_job: JobId={} InitPrio={}", 7, 4294901753L);
            logger.warn("failed", new IllegalStateException("boom"));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!sink.text().contains("boom") && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            List<String> lines = sink.text().lines().toList();
            assertThat(lines.get(0)).matches(
                    "\\[\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}] _slurm_rpc_submit_batch_job: JobId=7 InitPrio=4294901753");
            assertThat(lines.get(1)).matches("\\[[-0-9T:.]{23}] failed");
            assertThat(lines.get(2)).contains("java.lang.IllegalStateException: boom");
            assertThat(lines.get(3)).contains("at io.jslurm.slurmctld.BatchingAppenderTest");
        } finally {
            appender.stop();
        }
    }

    @Test
    void everyLineOfManyThreadsIsWrittenOnceInEachThreadsOrderAlsoWhenTheQueueFillsUp() throws Exception {
        Sink sink = new Sink();
        // A queue far smaller than the lines: loggers wait for the writer instead of losing lines.
        BatchingAppender appender = new BatchingAppender(sink, 8, new LogLine(ZoneOffset.UTC), "test-log");
        Logger logger = logger(new LoggerContext(), appender);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> done = new java.util.ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int thread = t;
                done.add(pool.submit(() -> {
                    for (int i = 0; i < 2000; i++) {
                        logger.info("thread {} line {}", thread, i);
                    }
                }));
            }
            for (Future<?> f : done) {
                f.get(30, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
            appender.stop();
        }
        List<String> lines = sink.text().lines().toList();
        assertThat(lines).hasSize(8000);
        for (int t = 0; t < 4; t++) {
            String prefix = "] thread " + t + " line ";
            List<Integer> numbers = lines.stream().filter(l -> l.contains(prefix))
                    .map(l -> Integer.parseInt(l.substring(l.indexOf(prefix) + prefix.length()))).toList();
            assertThat(numbers).hasSize(2000).isSorted();
        }
    }

    @Test
    void theTimestampIsTheEventsOwnInTheGivenZoneToTheMillisecond() {
        LogLine line = new LogLine(ZoneOffset.ofHours(2));
        StringBuilder out = new StringBuilder();
        for (long millis : new long[] {1_764_504_000_005L, 1_764_504_000_045L, 1_764_504_001_999L}) {
            ch.qos.logback.classic.spi.LoggingEvent event = new ch.qos.logback.classic.spi.LoggingEvent();
            event.setMessage("m");
            event.setTimeStamp(millis);
            line.append(event, out);
        }
        assertThat(out.toString()).isEqualTo("[2025-11-30T14:00:00.005] m\n[2025-11-30T14:00:00.045] m\n"
                + "[2025-11-30T14:00:01.999] m\n");
    }
}
