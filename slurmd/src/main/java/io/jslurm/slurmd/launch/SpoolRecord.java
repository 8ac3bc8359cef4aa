package io.jslurm.slurmd.launch;

import io.jslurm.common.signal.SignalSpec;
import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;

/**
 * What a restarted slurmd needs to take a running batch job back: whose it is, and when its
 * warning signal and time limit fall due. Written before the wrapper starts, so that no job can
 * run without one.
 *
 * @param user    the job's user and working directory, for the TaskEpilog after the script; absent in records
 *                of older slurmd versions
 * @param workDir where the TaskEpilog runs
 */
record SpoolRecord(long jobId, int uid, Optional<Instant> endTime, Optional<SignalSpec> signal, Optional<JobUser> user,
                   Optional<Path> workDir) {
    SpoolRecord {
        Objects.requireNonNull(endTime, "endTime");
        Objects.requireNonNull(signal, "signal");
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(workDir, "workDir");
    }

    SpoolRecord(long jobId, int uid, Optional<Instant> endTime, Optional<SignalSpec> signal) {
        this(jobId, uid, endTime, signal, Optional.empty(), Optional.empty());
    }

    String write() {
        Properties p = new Properties();
        p.setProperty("job_id", Long.toString(jobId));
        p.setProperty("uid", Integer.toString(uid));
        endTime.ifPresent(end -> p.setProperty("end_time_ms", Long.toString(end.toEpochMilli())));
        signal.ifPresent(s -> p.setProperty("signal", s.toString()));
        user.ifPresent(u -> {
            p.setProperty("user_name", u.name());
            p.setProperty("gid", Integer.toString(u.gid()));
        });
        workDir.ifPresent(dir -> p.setProperty("work_dir", dir.toString()));
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
        Optional<SignalSpec> signal = Optional.ofNullable(p.getProperty("signal")).map(SignalSpec::parse);
        int uid = Integer.parseInt(required(p, "uid"));
        Optional<JobUser> user = Optional.ofNullable(p.getProperty("user_name"))
                .flatMap(name -> Optional.ofNullable(p.getProperty("gid"))
                        .map(gid -> new JobUser(name, uid, Integer.parseInt(gid))));
        return new SpoolRecord(Long.parseLong(required(p, "job_id")), uid, end, signal, user,
                Optional.ofNullable(p.getProperty("work_dir")).map(Path::of));
    }

    private static String required(Properties p, String key) throws IOException {
        String value = p.getProperty(key);
        if (value == null) {
            throw new IOException("spool record lacks " + key);
        }
        return value;
    }
}
