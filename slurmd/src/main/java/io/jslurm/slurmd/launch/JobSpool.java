package io.jslurm.slurmd.launch;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.Stream;

/**
 * One job's directory in SlurmdSpoolDir, {@code job<id>} with the id zero-padded to five digits as
 * Slurm names it. The directory is root's and may be crossed but not listed by others
 * ({@code 0711}), so the user can run the script in it (their own, {@code 0700}) but not forge the
 * status files root's job wrapper writes next to it.
 */
final class JobSpool {
    static final String SCRIPT = "slurm_script";
    private static final String ENVIRONMENT = "environment";
    private static final String TASK_PRINT = "task_print";
    private static final String RECORD = "job";
    private static final String STATUS = "status";
    private static final String PID = "pid";
    private static final String WRAPPER_PID = "wrapper_pid";
    private static final String LAUNCH_ERROR = "launch_error";
    private static final String END_REASON = "end_reason";
    private static final String SUSPEND = "suspend";

    private final Path dir;

    private JobSpool(Path dir) {
        this.dir = dir;
    }

    static JobSpool create(Path spoolDir, long jobId) throws IOException {
        Path dir = spoolDir.resolve(String.format("job%05d", jobId));
        Files.createDirectories(dir);
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx--x--x"));
        return new JobSpool(dir);
    }

    /** The job directories a previous slurmd left, in job id order. */
    static List<JobSpool> existing(Path spoolDir) throws IOException {
        List<JobSpool> jobs = new ArrayList<>();
        if (!Files.isDirectory(spoolDir)) {
            return jobs;
        }
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(spoolDir, "job[0-9]*")) {
            for (Path dir : dirs) {
                if (Files.exists(dir.resolve(RECORD))) {
                    jobs.add(new JobSpool(dir));
                }
            }
        }
        jobs.sort(Comparator.comparing(spool -> spool.dir.getFileName().toString()));
        return jobs;
    }

    Path dir() {
        return dir;
    }

    Path script() {
        return dir.resolve(SCRIPT);
    }

    /** The script as the user's own file, {@code 0700}: only they (and root) can read or run it. */
    void writeScript(String text, JobUser user) throws IOException {
        Path script = script();
        writeNew(script, text, "rwx------");
        Files.setAttribute(script, "unix:uid", user.uid());
        Files.setAttribute(script, "unix:gid", user.gid());
    }

    /** Name=value pairs separated by NUL bytes, the only separator a value cannot hold. */
    void writeEnvironment(Map<String, String> env) throws IOException {
        StringBuilder out = new StringBuilder();
        env.forEach((name, value) -> out.append(name).append('=').append(value).append('\0'));
        writeNew(dir.resolve(ENVIRONMENT), out.toString(), "rw-------");
    }

    /** What {@link #writeEnvironment} wrote; empty when there is none. */
    Map<String, String> environment() {
        Map<String, String> env = new java.util.LinkedHashMap<>();
        readIfPresent(ENVIRONMENT).ifPresent(text -> {
            for (String pair : text.split("\0")) {
                int eq = pair.indexOf('=');
                if (eq > 0) {
                    env.put(pair.substring(0, eq), pair.substring(eq + 1));
                }
            }
        });
        return env;
    }

    /** TaskProlog's {@code print} lines, which the wrapper writes at the start of the script's output. */
    void writeTaskPrint(List<String> lines) throws IOException {
        if (!lines.isEmpty()) {
            writeNew(dir.resolve(TASK_PRINT), String.join("\n", lines) + "\n", "rw-------");
        }
    }

    void writeRecord(SpoolRecord record) throws IOException {
        writeAtomically(dir.resolve(RECORD), record.write(), "rw-------");
    }

    /** When the record was written: when the launch began. */
    Instant recordWritten() {
        try {
            return Files.getLastModifiedTime(dir.resolve(RECORD)).toInstant();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    SpoolRecord record() throws IOException {
        try (Reader in = Files.newBufferedReader(dir.resolve(RECORD), StandardCharsets.UTF_8)) {
            return SpoolRecord.read(in);
        }
    }

    /** How the script ended, once the wrapper has written it. */
    Optional<ExitStatus> status() {
        return readIfPresent(STATUS).map(ExitStatus::parse);
    }

    /** The batch script's process id, once the wrapper has forked it. */
    OptionalLong scriptPid() {
        return pidField(0);
    }

    /**
     * The job wrapper's process id: the second number of {@code pid}, which the wrapper writes once it has forked
     * the script (one file per job where there were two); a wrapper of an earlier version wrote it alone to
     * {@code wrapper_pid} first thing, and a restarted slurmd may find one of those still running.
     */
    OptionalLong wrapperPid() {
        OptionalLong pid = pidField(1);
        return pid.isPresent() ? pid : readIfPresent(WRAPPER_PID).map(text -> OptionalLong.of(Long.parseLong(text.trim())))
                .orElse(OptionalLong.empty());
    }

    private OptionalLong pidField(int index) {
        Optional<String[]> fields = readIfPresent(PID).map(text -> text.trim().split("\\s+"));
        return fields.filter(values -> values.length > index)
                .map(values -> OptionalLong.of(Long.parseLong(values[index]))).orElse(OptionalLong.empty());
    }

    /**
     * How the script's process got into its cgroup, the third word of {@code pid}: {@code clone3} (created there),
     * {@code join} (forked, then moved), or {@code join:ERRNO} when clone3 was tried and failed; empty before the
     * wrapper wrote it, or from a wrapper that did not write it.
     */
    Optional<String> cgroupEntry() {
        return readIfPresent(PID).map(text -> text.trim().split("\\s+")).filter(values -> values.length > 2)
                .map(values -> values[2]);
    }

    Optional<String> launchError() {
        return readIfPresent(LAUNCH_ERROR).map(String::trim);
    }

    /** CANCELLED or TIMEOUT, when slurmd ended the job: kept here so a restarted slurmd still knows. */
    Optional<JobState> endReason() {
        return readIfPresent(END_REASON).map(text -> JobState.valueOf(text.trim()));
    }

    void recordEndReason(JobState reason) throws IOException {
        writeAtomically(dir.resolve(END_REASON), reason.name() + "\n", "rw-------");
    }

    /**
     * The job's suspensions as slurmd last recorded them; {@link SuspendTimes#NEVER} when it never was.
     *
     * @throws IllegalArgumentException naming the file and line when the file is not what {@link SuspendTimes#write}
     *                                  writes
     */
    SuspendTimes suspendTimes() {
        try {
            return readIfPresent(SUSPEND).map(SuspendTimes::parse).orElse(SuspendTimes.NEVER);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(dir.resolve(SUSPEND) + ": " + e.getMessage(), e);
        }
    }

    /** Written at each suspend and resume, so that a restarted slurmd keeps the time limit where it was. */
    void recordSuspendTimes(SuspendTimes times) throws IOException {
        writeAtomically(dir.resolve(SUSPEND), times.write(), "rw-------");
    }

    /**
     * Removes the directory and what is in it. slurmd and the wrapper write only files here, so one listing without
     * a stat per entry does; a directory found in it anyway is walked.
     */
    void remove() throws IOException {
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path path : entries) {
                try {
                    Files.deleteIfExists(path);
                } catch (java.nio.file.DirectoryNotEmptyException e) {
                    removeTree(path);
                }
            }
        } catch (NoSuchFileException e) {
            return;
        }
        Files.deleteIfExists(dir);
    }

    private static void removeTree(Path top) throws IOException {
        try (Stream<Path> files = Files.walk(top)) {
            for (Path path : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }

    private Optional<String> readIfPresent(String name) {
        try {
            return Optional.of(Files.readString(dir.resolve(name), StandardCharsets.UTF_8));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * For the files written before the wrapper starts: nothing reads them before that, and a
     * launch cut short leaves no job record, so they need no atomic rename.
     */
    private static void writeNew(Path path, String text, String permissions) throws IOException {
        Files.deleteIfExists(path);
        createWith(path, text, permissions);
    }

    private static void writeAtomically(Path path, String text, String permissions) throws IOException {
        Path tmp = path.resolveSibling(path.getFileName() + ".new");
        Files.deleteIfExists(tmp);
        createWith(tmp, text, permissions);
        Files.move(tmp, path, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** Creates the file with its permissions and writes it through the same descriptor (one open, not two). */
    private static void createWith(Path path, String text, String permissions) throws IOException {
        try (SeekableByteChannel out = Files.newByteChannel(path,
                EnumSet.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString(permissions)))) {
            ByteBuffer bytes = ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
            while (bytes.hasRemaining()) {
                out.write(bytes);
            }
        }
    }
}
