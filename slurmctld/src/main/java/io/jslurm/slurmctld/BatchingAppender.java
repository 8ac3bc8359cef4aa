package io.jslurm.slurmctld;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.UnsynchronizedAppenderBase;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * Writes the log on its own thread, all lines that are waiting in one write and one flush. The controller logs a
 * line per submission on the threads that serve requests; logback's file appender behind its asynchronous one made
 * a write system call per line. A line reaches the file within a few milliseconds (nothing waits in a buffer while
 * the queue is empty), and a full queue makes loggers wait rather than lose lines.
 */
final class BatchingAppender extends UnsynchronizedAppenderBase<ILoggingEvent> {
    /** The most lines written in one go, so a long backlog still reaches the file in steps. */
    private static final int MAX_BATCH = 4096;
    /** How long the writer rests after a write, letting the next lines gather. */
    private static final long LINGER_MILLIS = 2;

    private final BlockingQueue<ILoggingEvent> queue;
    private final OutputStream target;
    private final LogLine line;
    private final String threadName;
    private Thread writer;
    private boolean failed;

    /**
     * @param target where lines go (the log file, or stderr); closed on stop unless it is stderr
     * @param capacity lines that may wait before loggers do
     */
    BatchingAppender(OutputStream target, int capacity, LogLine line, String threadName) {
        this.target = target;
        this.queue = new ArrayBlockingQueue<>(capacity);
        this.line = line;
        this.threadName = threadName;
    }

    @Override
    public void start() {
        writer = new Thread(this::writeLoop, threadName);
        writer.setDaemon(true);
        super.start();
        writer.start();
    }

    @Override
    protected void append(ILoggingEvent event) {
        // The message's arguments may change once the caller goes on: format it now (the line shows nothing else
        // that is taken late, such as MDC or the thread's name, so logback's fuller preparation is not needed).
        event.getFormattedMessage();
        try {
            queue.put(event);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Writes what is still queued, then stops; lines logged after this are dropped. */
    @Override
    public void stop() {
        if (!isStarted()) {
            return;
        }
        super.stop();
        writer.interrupt();
        try {
            writer.join(5000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (target != System.err) {
            try {
                target.close();
            } catch (IOException e) {
                addError("Cannot close the log: " + e.getMessage());
            }
        }
    }

    private void writeLoop() {
        List<ILoggingEvent> batch = new ArrayList<>();
        StringBuilder text = new StringBuilder(8192);
        while (true) {
            try {
                batch.add(queue.take());
            } catch (InterruptedException e) {
                queue.drainTo(batch);
                write(batch, text);
                return;
            }
            queue.drainTo(batch, MAX_BATCH - 1);
            write(batch, text);
            try {
                // Lines that come in meanwhile wait here without waking this thread one by one (each wake-up was a
                // system call on the logging thread and on this one): at most this long for a line to appear.
                Thread.sleep(LINGER_MILLIS);
            } catch (InterruptedException e) {
                queue.drainTo(batch);
                write(batch, text);
                return;
            }
        }
    }

    private void write(List<ILoggingEvent> batch, StringBuilder text) {
        text.setLength(0);
        if (text.capacity() > 1 << 20) {
            text.trimToSize();
        }
        for (ILoggingEvent event : batch) {
            line.append(event, text);
        }
        batch.clear();
        try {
            target.write(text.toString().getBytes(StandardCharsets.UTF_8));
            target.flush();
            failed = false;
        } catch (IOException e) {
            // A full disk must not stop the controller; say so once per failing stretch.
            if (!failed) {
                addError("Cannot write the log: " + e.getMessage());
                failed = true;
            }
        }
    }
}
