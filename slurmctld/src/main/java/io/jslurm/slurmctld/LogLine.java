package io.jslurm.slurmctld;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.classic.spi.ThrowableProxyUtil;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;

/**
 * One log line as Slurm writes it, {@code [2026-11-30T12:00:00.123] message}, then the stack trace if any.
 * The date and time to the second is formatted once per second: the controller logs a line per submission,
 * thousands a second, and formatting each timestamp afresh was most of the log writer's work. Not thread safe:
 * used by the one thread that writes the log.
 */
final class LogLine {
    private static final DateTimeFormatter SECOND = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss");

    private final ZoneId zone;
    private long second = Long.MIN_VALUE;
    private String secondText = "";

    LogLine(ZoneId zone) {
        this.zone = zone;
    }

    void append(ILoggingEvent event, StringBuilder out) {
        long millis = event.getTimeStamp();
        long s = Math.floorDiv(millis, 1000);
        if (s != second) {
            secondText = SECOND.format(LocalDateTime.ofInstant(Instant.ofEpochSecond(s), zone));
            second = s;
        }
        int ms = (int) Math.floorMod(millis, 1000);
        out.append('[').append(secondText).append('.');
        if (ms < 100) {
            out.append('0');
        }
        if (ms < 10) {
            out.append('0');
        }
        out.append(ms).append("] ").append(event.getFormattedMessage()).append('\n');
        IThrowableProxy thrown = event.getThrowableProxy();
        if (thrown != null) {
            out.append(ThrowableProxyUtil.asString(thrown)).append('\n');
        }
    }
}
