package io.jslurm.slurmd.cgroup;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;

/**
 * A job's or step's processes without a cgroup (see {@link NoCgroupManager}). Each process started
 * through {@link #joinAndExec} records its id in {@code tasks}; the job's processes are then those
 * ids, the processes of the sessions and process groups they lead (the batch script runs in a session
 * of its own), and all their descendants. Nothing is confined, nothing is measured, and a process
 * that leaves both its session and its parent's tree is lost, as with Slurm's proctrack/pgid.
 */
final class NoCgroup implements Cgroup {
    static final String TASKS = "tasks";
    private static final String FROZEN = "frozen";
    private static final int SIGKILL = 9;
    private static final int SIGCONT = 18;
    private static final int SIGSTOP = 19;
    private static final long POLL_MILLIS = 50;
    // Records the shell's pid (the pid of what it execs) and sets SLURM_TASK_PID as the cgroup join does.
    private static final String JOIN_SCRIPT = "echo $$ >> \"$1\" || exit 127; shift; SLURM_TASK_PID=$$; "
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
        try {
            Files.writeString(dir().resolve(TASKS), pid + "\n", StandardOpenOption.CREATE,
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
                dir().resolve(TASKS).toString()));
        line.addAll(command);
        return List.copyOf(line);
    }

    /** The pids recorded here and below. */
    private Set<Long> recorded() {
        Set<Long> pids = new HashSet<>(CgroupFiles.readPids(dir().resolve(TASKS)));
        for (Path below : CgroupFiles.descendantsDeepestFirst(dir())) {
            pids.addAll(CgroupFiles.readPids(below.resolve(TASKS)));
        }
        return pids;
    }

    @Override
    public Set<Long> processes() {
        Set<Long> roots = recorded();
        Set<Long> found = new TreeSet<>();
        if (roots.isEmpty()) {
            return found;
        }
        List<ProcTable.Entry> table = ProcTable.read(proc).entries();
        long self = ProcessHandle.current().pid();
        for (ProcTable.Entry entry : table) {
            if (roots.contains(entry.pid()) || roots.contains(entry.session()) || roots.contains(entry.pgrp())) {
                found.add(entry.pid());
            }
        }
        boolean grew = true;
        while (grew) {
            grew = false;
            for (ProcTable.Entry entry : table) {
                if (found.contains(entry.ppid()) && found.add(entry.pid())) {
                    grew = true;
                }
            }
        }
        found.remove(self); // never slurmd itself, whatever a reused pid in a tasks file says
        return found;
    }

    @Override
    public boolean isEmpty() {
        return processes().isEmpty();
    }

    @Override
    public void signal(int signal) {
        LibC.signalAll(processes(), signal, path);
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
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!isEmpty()) {
            if (System.nanoTime() - deadline >= 0) {
                return false;
            }
            Thread.sleep(POLL_MILLIS);
        }
        return true;
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
