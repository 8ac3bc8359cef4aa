package io.jslurm.slurmctld;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.FileAppender;
import ch.qos.logback.classic.AsyncAppender;
import io.jslurm.conf.slurm.DebugLevel;
import java.nio.file.Path;
import java.util.Optional;
import org.slf4j.LoggerFactory;

/** Sends the daemon's log to SlurmctldLogFile, or to stderr in the foreground, as {@code [time] message} lines. */
final class Logging {

    private Logging() {
    }

    static void configure(Optional<Path> logFile, DebugLevel level, int extraVerbosity) {
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        context.reset();
        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(context);
        encoder.setPattern("[%d{yyyy-MM-dd'T'HH:mm:ss.SSS}] %msg%n");
        encoder.start();
        Appender<ILoggingEvent> target;
        if (logFile.isPresent()) {
            FileAppender<ILoggingEvent> file = new FileAppender<>();
            file.setFile(logFile.get().toString());
            file.setAppend(true);
            file.setEncoder(encoder);
            file.setContext(context);
            file.start();
            target = file;
        } else {
            ConsoleAppender<ILoggingEvent> console = new ConsoleAppender<>();
            console.setTarget("System.err");
            console.setEncoder(encoder);
            console.setContext(context);
            console.start();
            target = console;
        }
        // Handlers log a line per submission; writing happens off their threads.
        AsyncAppender async = new AsyncAppender();
        async.setContext(context);
        async.setQueueSize(65_536);
        async.setDiscardingThreshold(0);
        async.addAppender(target);
        async.start();
        ch.qos.logback.classic.Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        root.addAppender(async);
        root.setLevel(level(level, extraVerbosity));
        context.getLogger("io.netty").setLevel(Level.WARN);
    }

    private static Level level(DebugLevel level, int extraVerbosity) {
        int rank = switch (level) {
            case QUIET, FATAL, ERROR -> 0;
            case INFO -> 2;
            case VERBOSE -> 3;
            default -> 4;
        } + extraVerbosity;
        return rank <= 0 ? Level.ERROR : rank == 1 ? Level.WARN : rank == 2 ? Level.INFO : rank == 3 ? Level.INFO
                : Level.DEBUG;
    }

    static void stop() {
        ((LoggerContext) LoggerFactory.getILoggerFactory()).stop();
    }
}
