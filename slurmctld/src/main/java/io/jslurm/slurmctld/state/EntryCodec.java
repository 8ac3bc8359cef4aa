package io.jslurm.slurmctld.state;

import io.jslurm.slurmctld.job.Allocation;
import io.jslurm.slurmctld.job.ExitCode;
import io.jslurm.slurmctld.job.GresRequest;
import io.jslurm.slurmctld.job.Hold;
import io.jslurm.slurmctld.job.Job;
import io.jslurm.slurmctld.job.JobSpec;
import io.jslurm.slurmctld.job.JobState;
import io.jslurm.slurmctld.job.JobStatus;
import io.jslurm.slurmctld.job.MemoryRequest;
import io.jslurm.slurmctld.job.OpenMode;
import io.jslurm.slurmctld.job.PendingReason;
import io.jslurm.slurmctld.job.ResourceRequest;
import io.jslurm.slurmctld.job.SuspendCause;
import io.jslurm.common.time.TimeLimit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Format version 2 of journal and snapshot entries: one tag byte, then the entry's fields in a fixed order.
 * Version 2 appended the job request's open mode, version 3 its {@code --oversubscribe}, version 4 the status's
 * suspend cause, version 5 its suspend time and seconds run before it, version 6 the request's --cpus-per-gpu and
 * --contiguous, version 7 the request's submit host and session id (AllocNode:Sid), version 8 the script's arguments
 * and path, version 9 the request's advance reservation (--reservation); version 1 to 8 files are still read (open
 * mode unspecified, no oversubscribe, no suspend cause, never suspended).
 * Enums are stored by ordinal, so their constants may only ever be appended (a test pins the order).
 * A later format gets a new version number in the file header and its own decoding branch here.
 *
 * <p>A decoder instance shares equal short strings (users, accounts, partitions, paths) across the records it
 * reads, so a recovered table weighs no more than the one that was saved.
 */
final class EntryCodec {

    static final int FORMAT_VERSION = 9;
    /** The first format with the request's advance reservation. */
    private static final int RESERVATION_SINCE = 9;
    /** The first format with the request's script arguments and script path. */
    private static final int ARGV_SINCE = 8;
    private static final int FIRST_FORMAT_VERSION = 1;

    private static final int SUBMITTED = 1;
    private static final int STATUS_CHANGED = 2;
    private static final int SPEC_UPDATED = 3;
    private static final int PURGED = 4;
    private static final int SNAPSHOT_END = 5;

    private static final int SHARED_STRING_MAX = 256;

    private static final JobState[] STATES = JobState.values();
    private static final PendingReason[] REASONS = PendingReason.values();
    private static final Hold[] HOLDS = Hold.values();
    private static final MemoryRequest.Per[] MEMORY_PER = MemoryRequest.Per.values();
    private static final GresRequest.Per[] GRES_PER = GresRequest.Per.values();
    private static final OpenMode[] OPEN_MODES = OpenMode.values();
    private static final SuspendCause[] SUSPEND_CAUSES = SuspendCause.values();

    private final Map<String, String> shared = new HashMap<>();
    /** The version of the file being read: fields added later are absent from older files. */
    private int readingVersion = FORMAT_VERSION;

    static void encode(JournalEntry entry, BinaryWriter out) {
        if (entry instanceof JournalEntry.Submitted s) {
            out.writeByte(SUBMITTED);
            writeJobs(s.jobs(), out);
            out.writeLong(s.nextJobId());
        } else if (entry instanceof JournalEntry.StatusChanged c) {
            out.writeByte(STATUS_CHANGED);
            out.writeLong(c.jobId());
            writeStatus(c.status(), out);
        } else if (entry instanceof JournalEntry.SpecUpdated u) {
            out.writeByte(SPEC_UPDATED);
            out.writeLong(u.jobId());
            writeSpec(u.spec(), out);
        } else if (entry instanceof JournalEntry.Purged p) {
            out.writeByte(PURGED);
            long[] ids = p.jobIds();
            out.writeInt(ids.length);
            for (long id : ids) {
                out.writeLong(id);
            }
        } else if (entry instanceof JournalEntry.SnapshotEnd e) {
            out.writeByte(SNAPSHOT_END);
            out.writeInt(e.jobCount());
            out.writeLong(e.nextJobId());
        } else {
            throw new IllegalArgumentException("unknown entry " + entry);
        }
    }

    JournalEntry decode(int formatVersion, byte[] payload) {
        if (formatVersion < FIRST_FORMAT_VERSION || formatVersion > FORMAT_VERSION) {
            throw new CorruptStateException("unsupported state format version " + formatVersion);
        }
        readingVersion = formatVersion;
        BinaryReader in = new BinaryReader(payload);
        int tag = in.readByte();
        JournalEntry entry = switch (tag) {
            case SUBMITTED -> new JournalEntry.Submitted(readJobs(in), in.readLong());
            case STATUS_CHANGED -> new JournalEntry.StatusChanged(in.readLong(), readStatus(in));
            case SPEC_UPDATED -> new JournalEntry.SpecUpdated(in.readLong(), readSpec(in));
            case PURGED -> {
                long[] ids = new long[in.readCount()];
                for (int i = 0; i < ids.length; i++) {
                    ids[i] = in.readLong();
                }
                yield new JournalEntry.Purged(ids);
            }
            case SNAPSHOT_END -> new JournalEntry.SnapshotEnd(in.readInt(), in.readLong());
            default -> throw new CorruptStateException("unknown entry tag " + tag);
        };
        if (in.hasMore()) {
            throw new CorruptStateException("trailing bytes after entry tag " + tag);
        }
        return entry;
    }

    /** Array tasks share one request object; it is written once per entry and shared again when read. */
    private static void writeJobs(List<Job> jobs, BinaryWriter out) {
        if (oneSpec(jobs)) {
            // A single job or a whole array: the same bytes as below without a map and a list per submission.
            out.writeInt(1);
            writeSpec(jobs.get(0).spec(), out);
            out.writeInt(jobs.size());
            for (Job job : jobs) {
                writeJob(job, 0, out);
            }
            return;
        }
        Map<JobSpec, Integer> specIndex = new IdentityHashMap<>();
        List<JobSpec> specs = new ArrayList<>();
        for (Job job : jobs) {
            specIndex.computeIfAbsent(job.spec(), spec -> {
                specs.add(spec);
                return specs.size() - 1;
            });
        }
        out.writeInt(specs.size());
        for (JobSpec spec : specs) {
            writeSpec(spec, out);
        }
        out.writeInt(jobs.size());
        for (Job job : jobs) {
            writeJob(job, specIndex.get(job.spec()), out);
        }
    }

    private static boolean oneSpec(List<Job> jobs) {
        if (jobs.isEmpty()) {
            return false;
        }
        JobSpec first = jobs.get(0).spec();
        for (Job job : jobs) {
            if (job.spec() != first) {
                return false;
            }
        }
        return true;
    }

    private static void writeJob(Job job, int specIndex, BinaryWriter out) {
        out.writeLong(job.jobId());
        out.writeLong(job.arrayJobId());
        out.writeInt(job.arrayTaskId());
        out.writeInt(job.arrayMaxRunning());
        out.writeInt(specIndex);
        writeStatus(job.status(), out);
    }

    private List<Job> readJobs(BinaryReader in) {
        JobSpec[] specs = new JobSpec[in.readCount()];
        for (int i = 0; i < specs.length; i++) {
            specs[i] = readSpec(in);
        }
        int count = in.readCount();
        List<Job> jobs = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            long jobId = in.readLong();
            long arrayJobId = in.readLong();
            int taskId = in.readInt();
            int maxRunning = in.readInt();
            int specIndex = in.readInt();
            if (specIndex < 0 || specIndex >= specs.length) {
                throw new CorruptStateException("job " + jobId + " names request " + specIndex + " of " + specs.length);
            }
            jobs.add(checked(() -> new Job(jobId, arrayJobId, taskId, maxRunning, specs[specIndex], readStatus(in))));
        }
        return jobs;
    }

    private static void writeSpec(JobSpec s, BinaryWriter out) {
        out.writeString(s.name());
        out.writeString(s.user());
        out.writeInt(s.uid());
        out.writeInt(s.gid());
        out.writeString(s.account());
        out.writeString(s.partition());
        out.writeString(s.qos());
        writeResources(s.resources(), out);
        out.writeString(s.script());
        writeStrings(s.environment(), out);
        out.writeString(s.workDir());
        out.writeString(s.stdIn());
        out.writeString(s.stdOut());
        out.writeString(s.stdErr());
        out.writeString(s.dependency());
        out.writeLong(s.beginTime());
        out.writeInt(s.nice());
        out.writeString(s.comment());
        out.writeString(s.signal());
        out.writeBoolean(s.requeue());
        out.writeBoolean(s.exclusive());
        out.writeString(s.nodeList());
        out.writeString(s.exclude());
        out.writeString(s.constraint());
        out.writeBoolean(s.hold());
        out.writeByte(s.openMode().ordinal());
        out.writeBoolean(s.oversubscribe());
        // Format 6: appended here, not among the resources, so that every older format is a prefix of the spec.
        out.writeInt(s.resources().cpusPerGpu());
        out.writeBoolean(s.resources().contiguous());
        out.writeString(s.allocNode());
        out.writeInt(s.allocSid());
        writeStrings(s.argv(), out);
        out.writeString(s.scriptPath());
        out.writeString(s.reservation());
    }

    private static void writeStrings(List<String> words, BinaryWriter out) {
        out.writeInt(words.size());
        for (String word : words) {
            out.writeString(word);
        }
    }

    private static List<String> readStrings(BinaryReader in) {
        int count = in.readCount();
        List<String> words = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            words.add(in.readString());
        }
        return words;
    }

    private JobSpec readSpec(BinaryReader in) {
        String name = readShared(in);
        String user = readShared(in);
        int uid = in.readInt();
        int gid = in.readInt();
        String account = readShared(in);
        String partition = readShared(in);
        String qos = readShared(in);
        ResourceRequest resources = readResources(in);
        String script = in.readString();
        List<String> environment = readStrings(in);
        String workDir = readShared(in);
        String stdIn = readShared(in);
        String stdOut = readShared(in);
        String stdErr = readShared(in);
        String dependency = in.readString();
        long beginTime = in.readLong();
        int nice = in.readInt();
        String comment = readShared(in);
        String signal = readShared(in);
        boolean requeue = in.readBoolean();
        boolean exclusive = in.readBoolean();
        String nodeList = readShared(in);
        String exclude = readShared(in);
        String constraint = readShared(in);
        boolean hold = in.readBoolean();
        OpenMode openMode = readingVersion >= 2 ? pick(OPEN_MODES, in.readByte(), "open mode") : OpenMode.UNSPECIFIED;
        boolean oversubscribe = readingVersion >= 3 && in.readBoolean();
        ResourceRequest shaped = readingVersion >= 6
                ? checked(() -> resources.withGpuCoresAndContiguity(in.readInt(), in.readBoolean())) : resources;
        String allocNode = readingVersion >= 7 ? readShared(in) : "";
        int allocSid = readingVersion >= 7 ? in.readInt() : 0;
        List<String> argv = readingVersion >= ARGV_SINCE ? readStrings(in) : List.of();
        String scriptPath = readingVersion >= ARGV_SINCE ? readShared(in) : "";
        String reservation = readingVersion >= RESERVATION_SINCE ? readShared(in) : "";
        return checked(() -> new JobSpec(name, user, uid, gid, account, partition, qos, shaped, script, environment,
                workDir, stdIn, stdOut, stdErr, dependency, beginTime, nice, comment, signal, requeue, exclusive,
                nodeList, exclude, constraint, hold, openMode, oversubscribe, allocNode, allocSid, argv, scriptPath,
                reservation));
    }

    private static void writeResources(ResourceRequest r, BinaryWriter out) {
        out.writeInt(r.minNodes());
        out.writeInt(r.maxNodes());
        out.writeInt(r.ntasks());
        out.writeInt(r.ntasksPerNode());
        out.writeInt(r.cpusPerTask());
        out.writeByte(r.memory().per().ordinal());
        out.writeLong(r.memory().mebibytes());
        writeGres(r.gres(), out);
        out.writeLong(rawTimeLimit(r.timeLimit()));
        out.writeLong(rawTimeLimit(r.timeMin()));
    }

    /** Format 1 keeps a time limit as seconds, -1 for UNLIMITED and -2 for none requested. */
    private static long rawTimeLimit(Optional<TimeLimit> limit) {
        return limit.map(l -> l.isUnlimited() ? -1 : l.seconds()).orElse(-2L);
    }

    private static Optional<TimeLimit> timeLimit(long raw) {
        if (raw == -2) {
            return Optional.empty();
        }
        if (raw < -2) {
            throw new CorruptStateException("invalid time limit " + raw);
        }
        return Optional.of(raw == -1 ? TimeLimit.UNLIMITED : TimeLimit.ofSeconds(raw));
    }

    private ResourceRequest readResources(BinaryReader in) {
        int minNodes = in.readInt();
        int maxNodes = in.readInt();
        int ntasks = in.readInt();
        int ntasksPerNode = in.readInt();
        int cpusPerTask = in.readInt();
        MemoryRequest.Per per = pick(MEMORY_PER, in.readByte(), "memory scope");
        long mebibytes = in.readLong();
        List<GresRequest> gres = readGres(in);
        long timeLimit = in.readLong();
        long timeMin = in.readLong();
        return checked(() -> new ResourceRequest(minNodes, maxNodes, ntasks, ntasksPerNode, cpusPerTask,
                per == MemoryRequest.Per.NONE ? MemoryRequest.NONE : new MemoryRequest(per, mebibytes),
                gres, timeLimit(timeLimit), timeLimit(timeMin)));
    }

    private static void writeGres(List<GresRequest> gres, BinaryWriter out) {
        out.writeInt(gres.size());
        for (GresRequest g : gres) {
            out.writeString(g.name());
            out.writeString(g.type());
            out.writeLong(g.count());
            out.writeByte(g.per().ordinal());
        }
    }

    private List<GresRequest> readGres(BinaryReader in) {
        int count = in.readCount();
        if (count == 0) {
            return List.of();
        }
        List<GresRequest> gres = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            String name = readShared(in);
            String type = readShared(in);
            long n = in.readLong();
            GresRequest.Per per = pick(GRES_PER, in.readByte(), "GRES scope");
            gres.add(checked(() -> new GresRequest(name, type, n, per)));
        }
        return gres;
    }

    private static void writeStatus(JobStatus s, BinaryWriter out) {
        out.writeByte(s.state().ordinal());
        out.writeByte(s.reason().ordinal());
        out.writeByte(s.hold().ordinal());
        out.writeLong(s.priority());
        out.writeLong(s.submitTime());
        out.writeLong(s.eligibleTime());
        out.writeLong(s.startTime());
        out.writeLong(s.endTime());
        writeExitCode(s.exitCode(), out);
        writeExitCode(s.derivedExitCode(), out);
        out.writeInt(s.restartCount());
        Allocation a = s.allocation();
        out.writeString(a.nodeList());
        out.writeInt(a.nodeCount());
        out.writeInt(a.cpus());
        out.writeLong(a.memoryMiB());
        writeGres(a.gres(), out);
        out.writeByte(s.suspendCause().ordinal());
        out.writeLong(s.suspendTime());
        out.writeLong(s.secsPreSuspend());
    }

    private JobStatus readStatus(BinaryReader in) {
        JobState state = pick(STATES, in.readByte(), "job state");
        PendingReason reason = pick(REASONS, in.readByte(), "pending reason");
        Hold hold = pick(HOLDS, in.readByte(), "hold");
        long priority = in.readLong();
        long submit = in.readLong();
        long eligible = in.readLong();
        long start = in.readLong();
        long end = in.readLong();
        ExitCode exitCode = readExitCode(in);
        ExitCode derived = readExitCode(in);
        int restarts = in.readInt();
        String nodeList = readShared(in);
        int nodeCount = in.readInt();
        int cpus = in.readInt();
        long memory = in.readLong();
        List<GresRequest> gres = readGres(in);
        SuspendCause suspendCause = readingVersion >= 4 ? pick(SUSPEND_CAUSES, in.readByte(), "suspend cause")
                : SuspendCause.NONE;
        long suspendTime = readingVersion >= 5 ? in.readLong() : 0;
        long secsPreSuspend = readingVersion >= 5 ? in.readLong() : 0;
        Allocation allocation = nodeCount == 0 && nodeList.isEmpty() && cpus == 0 && memory == 0 && gres.isEmpty()
                ? Allocation.NONE
                : checked(() -> new Allocation(nodeList, nodeCount, cpus, memory, gres));
        return checked(() -> new JobStatus(state, reason, hold, priority, submit, eligible, start, end, exitCode,
                derived, restarts, allocation, suspendCause, suspendTime, secsPreSuspend));
    }

    private static void writeExitCode(ExitCode code, BinaryWriter out) {
        out.writeInt(code.status());
        out.writeInt(code.signal());
    }

    private static ExitCode readExitCode(BinaryReader in) {
        int status = in.readInt();
        int signal = in.readInt();
        return checked(() -> ExitCode.of(status, signal));
    }

    private String readShared(BinaryReader in) {
        String value = in.readString();
        if (value.isEmpty() || value.length() > SHARED_STRING_MAX) {
            return value;
        }
        String known = shared.putIfAbsent(value, value);
        return known == null ? value : known;
    }

    private static <E> E pick(E[] values, int ordinal, String what) {
        if (ordinal >= values.length) {
            throw new CorruptStateException("unknown " + what + " code " + ordinal);
        }
        return values[ordinal];
    }

    /** A record whose fields pass the checksum but not the model's own checks is corrupt too. */
    private static <T> T checked(java.util.function.Supplier<T> construct) {
        try {
            return construct.get();
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new CorruptStateException("invalid record: " + e.getMessage());
        }
    }
}
