package io.jslurm.slurmctld;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import io.jslurm.conf.slurm.DebugLevel;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.Optional;
import org.slf4j.LoggerFactory;

/** Sends the daemon's log to SlurmctldLogFile, or to stderr in the foreground, as {@code [time] message} lines. */
final class Logging {

    private Logging() {
    }

    static void configure(Optional<Path> logFile, DebugLevel level, int extraVerbosity) {
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        context.reset();
        BatchingAppender async = new BatchingAppender(open(logFile), 65_536, new LogLine(ZoneId.systemDefault()),
                "slurmctld-log");
        async.setContext(context);
        async.setName("log");
        async.start();
        ch.qos.logback.classic.Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        root.addAppender(async);
        root.setLevel(level(level, extraVerbosity));
        context.getLogger("io.netty").setLevel(Level.WARN);
    }

    /** The log file, appended to (its folder made if missing); stderr in the foreground or if it cannot be opened. */
    private static OutputStream open(Optional<Path> logFile) {
        if (logFile.isEmpty()) {
            return System.err;
        }
        try {
            Path parent = logFile.get().toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            return new FileOutputStream(logFile.get().toFile(), true);
        } catch (IOException e) {
            System.err.println("slurmctld: error: cannot open SlurmctldLogFile " + logFile.get() + ": " + e.getMessage()
                    + "; logging to stderr");
            return System.err;
        }
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
