package io.jslurm.slurmd.cgroup;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A job's or step's processes without a cgroup (see {@link NoCgroupManager}). Each process started
 * through {@link #joinAndExec} records its id in {@code tasks}; the job's processes are then those
 * ids, the processes of the sessions and process groups they lead (the batch script runs in a session
 * of its own), and all their descendants. Nothing is confined, nothing is measured, and a process
 * that leaves both its session and its parent's tree is lost, as with Slurm's proctrack/pgid.
 */
final class NoCgroup implements Cgroup {
    private static final Logger LOG = LoggerFactory.getLogger(NoCgroup.class);
    static final String TASKS = "tasks";
    private static final String FROZEN = "frozen";
    private static final int SIGKILL = 9;
    private static final int SIGCONT = 18;
    private static final int SIGSTOP = 19;
    private static final long POLL_MILLIS = 50;
    // Records the shell's pid (the pid of what it execs) with its start time, field 22 of its own stat line
    // ($2; the 20th word after the name), and sets SLURM_TASK_PID as the cgroup join does.
    private static final String JOIN_SCRIPT = "read -r s < \"$2\" || exit 127; s=${s##*) }; "
            + "t() { shift 19; echo \"$$ $1\"; }; t $s >> \"$1\" || exit 127; shift 2; SLURM_TASK_PID=$$; "
            + "export SLURM_TASK_PID; exec \"$@\"";

    private final String path;
    private final Path stateDir;
    private final Path proc;

    NoCgroup(String path, Path stateDir, Path proc) {
        this.path = Objects.requireNonNull(path, "path");
        this.stateDir = Objects.requireNonNull(stateDir, "stateDir");
        this.proc = Objects.requireNonNull(proc, "proc");
    }

    private Path dir() {
        return stateDir.resolve(path);
    }

    @Override
    public String path() {
        return path;
    }

    @Override
    public CgroupVersion version() {
        return CgroupVersion.NONE;
    }

    @Override
    public void addProcess(long pid) {
        if (pid <= 0) {
            throw new IllegalArgumentException("not a process id: " + pid);
        }
        ProcTable.Entry entry = ProcTable.of(proc, pid).orElseThrow(() -> new CgroupException(
                "cannot record process " + pid + " in " + dir() + ": no such process"));
        RecordedProcess recorded = new RecordedProcess(pid, OptionalLong.of(entry.startTime()));
        try {
            Files.writeString(dir().resolve(TASKS), recorded.line() + "\n", StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new CgroupException("cannot record process " + pid + " in " + dir() + ": " + e.getMessage(), e);
        }
    }

    @Override
    public List<String> joinAndExec(List<String> command) {
        if (command.isEmpty()) {
            throw new IllegalArgumentException("no command to run");
        }
        List<String> line = new ArrayList<>(List.of("/bin/sh", "-c", JOIN_SCRIPT, "jslurm-join",
                dir().resolve(TASKS).toString(), proc.resolve("self/stat").toString()));
        line.addAll(command);
        return List.copyOf(line);
    }

    /** The processes recorded here and below. */
    private List<RecordedProcess> recorded() {
        List<RecordedProcess> recorded = new ArrayList<>(RecordedProcess.read(dir().resolve(TASKS)));
        for (Path below : CgroupFiles.descendantsDeepestFirst(dir())) {
            recorded.addAll(RecordedProcess.read(below.resolve(TASKS)));
        }
        return recorded;
    }

    @Override
    public Set<Long> processes() {
        return new TreeSet<>(identified().keySet());
    }

    /**
     * The job's live processes with their start times. A recorded id now held by another process (its start time
     * differs: the recorded one ended and the id was given again) is not the job's, nor are that process's session
     * and process group. Members of a recorded session or group that started before its leader are not the job's
     * either: they cannot have joined it.
     */
    private Map<Long, Long> identified() {
        List<RecordedProcess> recorded = recorded();
        Map<Long, Long> found = new TreeMap<>();
        if (recorded.isEmpty()) {
            return found;
        }
        List<ProcTable.Entry> table = ProcTable.read(proc).entries();
        Map<Long, ProcTable.Entry> live = new HashMap<>();
        table.forEach(entry -> live.put(entry.pid(), entry));
        // Session and group ids the job's processes may carry, with the earliest start a member can have.
        Map<Long, Long> leaders = new HashMap<>();
        for (RecordedProcess process : recorded) {
            ProcTable.Entry now = live.get(process.pid());
            if (now != null && !process.sameAs(now)) {
                LOG.debug("{}: process {} was reused by a later process; not the job's", path, process.pid());
                continue;
            }
            leaders.put(process.pid(), process.startTime().orElse(now == null ? 0 : now.startTime()));
        }
        for (ProcTable.Entry entry : table) {
            if (leaders.containsKey(entry.pid()) || memberOf(leaders, entry.session(), entry)
                    || memberOf(leaders, entry.pgrp(), entry)) {
                found.put(entry.pid(), entry.startTime());
            }
        }
        boolean grew = true;
        while (grew) {
            grew = false;
            for (ProcTable.Entry entry : table) {
                if (found.containsKey(entry.ppid()) && !found.containsKey(entry.pid())) {
                    found.put(entry.pid(), entry.startTime());
                    grew = true;
                }
            }
        }
        found.remove(ProcessHandle.current().pid()); // never slurmd itself, whatever a tasks file says
        return found;
    }

    private static boolean memberOf(Map<Long, Long> leaders, long leader, ProcTable.Entry entry) {
        Long earliest = leaders.get(leader);
        return earliest != null && entry.startTime() >= earliest;
    }

    @Override
    public boolean isEmpty() {
        return processes().isEmpty();
    }

    @Override
    public void signal(int signal) {
        // Each process is signalled only while it is still the one found: one that ended since, its id given to
        // another process, is left alone.
        identified().forEach((pid, startTime) -> ProcessSignals.signalIfSame(proc, pid, startTime, signal, path));
    }

    @Override
    public void kill() {
        signal(SIGKILL);
        deleteQuietly(dir().resolve(FROZEN));
    }

    @Override
    public void freeze() {
        signal(SIGSTOP);
        touch(dir().resolve(FROZEN));
    }

    @Override
    public void thaw() {
        signal(SIGCONT);
        deleteQuietly(dir().resolve(FROZEN));
    }

    @Override
    public boolean isFrozen() {
        return Files.exists(dir().resolve(FROZEN));
    }

    @Override
    public boolean awaitEmpty(Duration timeout) throws InterruptedException {
        return Polling.until(this::isEmpty, timeout, POLL_MILLIS);
    }

    /** Nothing is measured without a cgroup. */
    @Override
    public CgroupUsage usage() {
        return new CgroupUsage(Duration.ZERO, Duration.ZERO, OptionalLong.empty(), OptionalLong.empty(), 0,
                OptionalLong.empty(), OptionalLong.empty(), OptionalLong.empty());
    }

    /** Nothing can be confined without a cgroup; slurmd said so once when it started. */
    @Override
    public void applyLimits(CgroupLimits limits) {
    }

    @Override
    public void remove() {
        if (!isEmpty()) {
            throw new CgroupException("cannot remove " + path + ": processes " + processes() + " are still running");
        }
        List<Path> dirs = new ArrayList<>(CgroupFiles.descendantsDeepestFirst(dir()));
        dirs.add(dir());
        for (Path d : dirs) {
            deleteQuietly(d.resolve(TASKS));
            deleteQuietly(d.resolve(FROZEN));
            deleteQuietly(d);
        }
        // Parents up to the node prefix go when they became empty, as with real cgroups.
        Path prefix = stateDir.resolve(path.substring(0, path.indexOf('/')));
        for (Path parent = dir().getParent(); parent != null && parent.startsWith(prefix) && !parent.equals(prefix);
             parent = parent.getParent()) {
            if (!CgroupFiles.childNames(parent, "").isEmpty() || !deleteQuietly(parent)) {
                break;
            }
        }
    }

    private static void touch(Path file) {
        try {
            Files.writeString(file, "");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean deleteQuietly(Path file) {
        try {
            return Files.deleteIfExists(file);
        } catch (IOException e) {
            return false; // a directory that is not empty (a new step started) stays
        }
    }

    @Override
    public String toString() {
        return "none:" + path;
    }
}
