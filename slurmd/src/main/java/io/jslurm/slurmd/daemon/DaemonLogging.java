package io.jslurm.slurmd.daemon;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.FileAppender;
import ch.qos.logback.core.OutputStreamAppender;
import java.nio.file.Path;
import java.util.Optional;
import org.slf4j.LoggerFactory;

/**
 * Where the running daemon logs: SlurmdLogFile when set (one per node with {@code %n}), standard
 * error with {@code -D} or without a log file. Lines carry a timestamp as Slurm's do; INFO by
 * default, DEBUG with {@code -v}, TRACE with {@code -vv}.
 */
final class DaemonLogging {
    private DaemonLogging() {
    }

    static void configure(Optional<Path> logFile, boolean foreground, int verbosity) {
        if (!(LoggerFactory.getILoggerFactory() instanceof LoggerContext context)) {
            return;
        }
        context.reset();
        ch.qos.logback.classic.Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        root.setLevel(verbosity >= 2 ? Level.TRACE : verbosity == 1 ? Level.DEBUG : Level.INFO);
        context.getLogger("io.netty").setLevel(Level.INFO);
        if (logFile.isPresent()) {
            FileAppender<ILoggingEvent> file = new FileAppender<>();
            file.setFile(logFile.get().toString());
            file.setAppend(true);
            start(context, root, file, "[%d{yyyy-MM-dd'T'HH:mm:ss.SSS}] %msg%n");
        }
        if (foreground || logFile.isEmpty()) {
            ConsoleAppender<ILoggingEvent> console = new ConsoleAppender<>();
            console.setTarget("System.err");
            start(context, root, console, "[%d{yyyy-MM-dd'T'HH:mm:ss.SSS}] %msg%n");
        }
    }

    private static void start(LoggerContext context, ch.qos.logback.classic.Logger root,
                              OutputStreamAppender<ILoggingEvent> appender, String pattern) {
        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(context);
        encoder.setPattern(pattern);
        encoder.start();
        appender.setContext(context);
        appender.setEncoder(encoder);
        appender.start();
        root.addAppender(appender);
    }
}
