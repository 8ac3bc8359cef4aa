package io.jslurm.slurmd.launch;

import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;

/**
 * What a restarted slurmd needs to take a running batch job back: whose it is, which process
 * waits for it, and when its warning signal and time limit fall due.
 */
record SpoolRecord(long jobId, int uid, long wrapperPid, Optional<Instant> endTime, Optional<WarningSignal> signal) {
    SpoolRecord {
        Objects.requireNonNull(endTime, "endTime");
        Objects.requireNonNull(signal, "signal");
    }

    String write() {
        Properties p = new Properties();
        p.setProperty("job_id", Long.toString(jobId));
        p.setProperty("uid", Integer.toString(uid));
        p.setProperty("wrapper_pid", Long.toString(wrapperPid));
        endTime.ifPresent(end -> p.setProperty("end_time_ms", Long.toString(end.toEpochMilli())));
        signal.ifPresent(s -> {
            p.setProperty("signal", Integer.toString(s.signal()));
            p.setProperty("signal_before_ms", Long.toString(s.beforeLimit().toMillis()));
            p.setProperty("signal_batch_only", Boolean.toString(s.batchShellOnly()));
        });
        StringWriter out = new StringWriter();
        try {
            p.store(out, null);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    static SpoolRecord read(Reader in) throws IOException {
        Properties p = new Properties();
        p.load(in);
        Optional<Instant> end = Optional.ofNullable(p.getProperty("end_time_ms"))
                .map(ms -> Instant.ofEpochMilli(Long.parseLong(ms)));
        Optional<WarningSignal> signal = Optional.empty();
        if (p.getProperty("signal") != null) {
            signal = Optional.of(new WarningSignal(Integer.parseInt(p.getProperty("signal")),
                    Duration.ofMillis(Long.parseLong(required(p, "signal_before_ms"))),
                    Boolean.parseBoolean(required(p, "signal_batch_only"))));
        }
        return new SpoolRecord(Long.parseLong(required(p, "job_id")), Integer.parseInt(required(p, "uid")),
                Long.parseLong(required(p, "wrapper_pid")), end, signal);
    }

    private static String required(Properties p, String key) throws IOException {
        String value = p.getProperty(key);
        if (value == null) {
            throw new IOException("spool record lacks " + key);
        }
        return value;
    }
}
