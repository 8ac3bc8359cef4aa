package io.jslurm.slurmd.daemon;

import io.jslurm.protocol.proto.JobComplete;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Job completions not yet acknowledged by the controller, one file per job in
 * {@code <SlurmdSpoolDir>/completions}, written to disk (fsync, rename) before the job's spool is
 * removed. A completion stays until the controller acknowledges it; then its file becomes an
 * {@code .acked} marker for a day, so that a job reported again after a crash (between queueing and
 * removing the job's spool) is not sent a second time with another result. The first result
 * queued for a job is the one that counts.
 *
 * <p>A step's end on this node (its cgroup's usage, for accounting) is queued the same way as
 * {@code job_<job>.<step>}, but leaves no marker once acknowledged: steps are not taken back after a
 * restart, so nothing reports one twice, and step ids start again at 0 after a controller restart.
 */
public final class CompletionQueue {
    private static final Logger LOG = LoggerFactory.getLogger(CompletionQueue.class);
    static final String DIR = "completions";
    private static final String PREFIX = "job_";
    private static final String ACKED = ".acked";
    private static final Duration KEEP_ACKED = Duration.ofDays(1);

    private final Path dir;
    /**
     * The files' contents, by file name, in the order they were queued: each delivery asks for them, and listing the
     * directory (which holds a day's acknowledged markers too) and parsing every file again cost more with every job.
     * Only this object writes the directory while slurmd runs, so the disk and this map agree.
     */
    private final Map<String, JobComplete> queued = new LinkedHashMap<>();
    /** Names whose file is being written (outside the lock, for its fsyncs); those acknowledged meanwhile. */
    private final Set<String> writing = new HashSet<>();
    private final Set<String> acknowledgedWhileWriting = new HashSet<>();

    private CompletionQueue(Path dir) {
        this.dir = dir;
    }

    /** Opens (creating) the queue below the spool directory and drops markers older than a day. */
    public static CompletionQueue open(Path spoolDir, Instant now) throws IOException {
        Path dir = Files.createDirectories(spoolDir.resolve(DIR));
        try (DirectoryStream<Path> markers = Files.newDirectoryStream(dir, PREFIX + "*" + ACKED)) {
            for (Path marker : markers) {
                if (Files.getLastModifiedTime(marker).toInstant().isBefore(now.minus(KEEP_ACKED))) {
                    Files.deleteIfExists(marker);
                }
            }
        }
        CompletionQueue queue = new CompletionQueue(dir);
        queue.load();
        return queue;
    }

    /**
     * Stores a completion durably. Returns false, keeping what is there, when this job's end was
     * already queued or acknowledged.
     */
    public boolean offer(JobComplete completion) throws IOException {
        return offer(completion, () -> { });
    }

    /**
     * The same, running {@code queued} (which starts the delivery) as soon as the completion is pending, before
     * its file is on disk: sending it overlaps the two fsyncs, which took 8-20 ms on a busy machine, and until
     * this returns the caller keeps the job's spool, from which a restarted slurmd would report the end again.
     * An acknowledgement that arrives before the file is written is applied to the file once it is.
     */
    public boolean offer(JobComplete completion, Runnable queued) throws IOException {
        Objects.requireNonNull(completion, "completion");
        String name = name(completion);
        Path file = dir.resolve(name);
        synchronized (this) {
            if (this.queued.containsKey(name) || writing.contains(name) || Files.exists(file)
                    || Files.exists(dir.resolve(name + ACKED))) {
                LOG.warn("{}: its end was already reported; keeping the first report", name);
                return false;
            }
            this.queued.put(name, completion);
            writing.add(name);
        }
        try {
            queued.run();
        } catch (RuntimeException e) {
            LOG.warn("{}: could not start its delivery now ({}); it is sent with the next one", name, e.toString());
        }
        try {
            Path tmp = dir.resolve(name + ".tmp");
            try (FileChannel channel = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING)) {
                channel.write(java.nio.ByteBuffer.wrap(completion.toByteArray()));
                channel.force(true);
            }
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE);
            syncDirectory();
        } catch (IOException | RuntimeException e) {
            synchronized (this) {
                writing.remove(name);
                acknowledgedWhileWriting.remove(name);
                this.queued.remove(name);
            }
            throw e;
        }
        synchronized (this) {
            writing.remove(name);
            if (acknowledgedWhileWriting.remove(name)) {
                acknowledgeFile(completion);
            }
        }
        return true;
    }

    /** {@code job_<job>} for a batch script's end, {@code job_<job>.<step>} for a step's. */
    private static String name(JobComplete completion) {
        String job = PREFIX + Integer.toUnsignedString(completion.getJobId());
        return completion.hasStepId() ? job + "." + Integer.toUnsignedString(completion.getStepId()) : job;
    }

    /** The completions still to deliver, oldest first. */
    public synchronized List<JobComplete> pending() {
        return List.copyOf(queued.values());
    }

    /** Reads what an earlier slurmd queued and did not deliver, oldest first. */
    private void load() throws IOException {
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir, PREFIX + "[0-9]*")) {
            for (Path file : stream) {
                String name = file.getFileName().toString();
                if (name.substring(PREFIX.length()).matches("[0-9]+(\\.[0-9]+)?")) {
                    files.add(file);
                }
            }
        }
        files.sort(Comparator.comparing(CompletionQueue::modified).thenComparing(Path::toString));
        for (Path file : files) {
            queued.put(file.getFileName().toString(), JobComplete.parseFrom(Files.readAllBytes(file)));
        }
    }

    /** The controller has this job's end: it is not sent again. */
    public synchronized void acknowledge(int jobId) throws IOException {
        acknowledge(JobComplete.newBuilder().setJobId(jobId).build());
    }

    /** The controller has this end (a batch script's or a step's): it is not sent again. */
    public synchronized void acknowledge(JobComplete completion) throws IOException {
        String name = name(completion);
        queued.remove(name);
        if (writing.contains(name)) {
            acknowledgedWhileWriting.add(name); // offer() applies it once the file is there
            return;
        }
        acknowledgeFile(completion);
    }

    /** Under the lock: an acknowledged completion's file becomes its marker (a step's is removed). */
    private void acknowledgeFile(JobComplete completion) throws IOException {
        Path file = dir.resolve(name(completion));
        if (completion.hasStepId()) {
            Files.deleteIfExists(file);
            return;
        }
        int jobId = completion.getJobId();
        if (Files.exists(file)) {
            Files.move(file, ackedFile(jobId), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            Files.setLastModifiedTime(ackedFile(jobId), FileTime.from(Instant.now()));
        }
    }

    /**
     * A new run of the job starts here (a requeued job keeps its id): its earlier acknowledged
     * end no longer stands in the way of reporting this one.
     */
    public synchronized void startOver(int jobId) throws IOException {
        Files.deleteIfExists(ackedFile(jobId));
    }

    /** {@code slurmd -c}: forgets every undelivered completion. */
    public synchronized int clear() throws IOException {
        queued.clear();
        int removed = 0;
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir, PREFIX + "*")) {
            for (Path file : stream) {
                Files.delete(file);
                removed++;
            }
        }
        return removed;
    }

    private Path ackedFile(int jobId) {
        return dir.resolve(PREFIX + Integer.toUnsignedString(jobId) + ACKED);
    }

    private void syncDirectory() {
        try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException e) {
            LOG.debug("cannot sync {}: {}", dir, e.getMessage());
        }
    }

    private static FileTime modified(Path file) {
        try {
            return Files.getLastModifiedTime(file);
        } catch (IOException e) {
            return FileTime.fromMillis(0);
        }
    }
}
