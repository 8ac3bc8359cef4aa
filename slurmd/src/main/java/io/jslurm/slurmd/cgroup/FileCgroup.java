package io.jslurm.slurmd.cgroup;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** What v1 and v2 cgroups do alike: they are directories of interface files, one per hierarchy. */
abstract sealed class FileCgroup implements Cgroup permits V1Cgroup, V2Cgroup {
    private static final Logger LOG = LoggerFactory.getLogger(FileCgroup.class);
    private static final long POLL_MILLIS = 10;
    private static final Duration FREEZE_TIMEOUT = Duration.ofSeconds(10);
    private static final Duration SIGNAL_FREEZE_TIMEOUT = Duration.ofSeconds(2);
    private static final Duration FREEZE_ATTEMPT = Duration.ofMillis(200);
    private static final long FREEZE_RETRY_PAUSE_MILLIS = 2;
    static final int SIGKILL = 9;
    // The shell's pid is the pid of whatever it execs in the end, so it also sets SLURM_TASK_PID: a step task
    // then needs no shell of its own for that (one program less to start per task).
    private static final String JOIN_SCRIPT = "n=$1; shift; while [ \"$n\" -gt 0 ]; do "
            + "echo $$ > \"$1\" || exit 127; shift; n=$((n-1)); done; SLURM_TASK_PID=$$; export SLURM_TASK_PID; "
            + "exec \"$@\"";

    private final String path;
    private final Object treeLock;

    FileCgroup(String path, Object treeLock) {
        this.path = Objects.requireNonNull(path, "path");
        this.treeLock = Objects.requireNonNull(treeLock, "treeLock");
    }

    /** This cgroup's directory in each hierarchy it lives in, without duplicates. */
    abstract List<Path> directories();

    /** Whether a freezer (v1 controller, v2 {@code cgroup.freeze}) can stop this cgroup. */
    abstract boolean canFreeze();

    abstract void writeFreeze(boolean frozen);

    @Override
    public String path() {
        return path;
    }

    @Override
    public void addProcess(long pid) {
        if (pid <= 0) {
            throw new IllegalArgumentException("not a process id: " + pid);
        }
        for (Path dir : directories()) {
            CgroupFiles.write(dir.resolve("cgroup.procs"), Long.toString(pid));
        }
    }

    @Override
    public List<String> joinAndExec(List<String> command) {
        if (command.isEmpty()) {
            throw new IllegalArgumentException("no command to run");
        }
        List<String> line = new ArrayList<>(List.of("/bin/sh", "-c", JOIN_SCRIPT, "jslurm-join"));
        List<Path> dirs = directories();
        line.add(Integer.toString(dirs.size()));
        dirs.forEach(dir -> line.add(dir.resolve("cgroup.procs").toString()));
        line.addAll(command);
        return List.copyOf(line);
    }

    @Override
    public Optional<List<Path>> procsFiles() {
        return Optional.of(directories().stream().map(dir -> dir.resolve("cgroup.procs")).toList());
    }

    @Override
    public Set<Long> processes() {
        Set<Long> pids = new TreeSet<>();
        for (Path dir : directories()) {
            Set<Path> tree = new LinkedHashSet<>();
            tree.add(dir);
            tree.addAll(CgroupFiles.descendantsDeepestFirst(dir));
            for (Path cgroup : tree) {
                pids.addAll(CgroupFiles.readPids(cgroup.resolve("cgroup.procs")));
            }
        }
        return pids;
    }

    @Override
    public boolean isEmpty() {
        return processes().isEmpty();
    }

    @Override
    public void signal(int signal) {
        if (signal <= 0 || signal > 64) {
            throw new IllegalArgumentException("not a signal number: " + signal);
        }
        boolean freezeHere = canFreeze() && !isFrozen() && frozeForSignal();
        try {
            Set<Long> pids = processes();
            LibC.signalAll(pids, signal, path);
            LOG.info("sent signal {} to {} processes of cgroup {}", signal, pids.size(), path);
        } finally {
            if (freezeHere) {
                thaw();
            }
        }
    }

    /**
     * Freezing first keeps a process from forking past the signal; a cgroup that still does not freeze (see
     * {@link #tryFreeze}) is thawed and signalled as it is, since a job that never gets its signal never ends.
     */
    private boolean frozeForSignal() {
        if (tryFreeze(SIGNAL_FREEZE_TIMEOUT)) {
            return true;
        }
        LOG.warn("cgroup {} did not freeze within {} ms; signalling its processes without freezing", path,
                SIGNAL_FREEZE_TIMEOUT.toMillis());
        return false;
    }

    /**
     * A v1 freezer that catches a shell between vfork and exec stays FREEZING for good: the child is frozen and
     * the parent waits for it where the freezer cannot stop it. Thawing lets the child reach its exec, and the
     * next attempt almost always finds no such pair; a cgroup still not frozen at the deadline is left thawed.
     */
    private boolean tryFreeze(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            do {
                writeFreeze(true);
                if (Polling.until(this::isFrozen, FREEZE_ATTEMPT, 1)) {
                    return true;
                }
                writeFreeze(false);
                Thread.sleep(FREEZE_RETRY_PAUSE_MILLIS);
            } while (System.nanoTime() - deadline < 0);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        writeFreeze(false);
        return false;
    }

    /** A suspended job is thawed after the signal, or v1's frozen processes would never die. */
    @Override
    public void kill() {
        sendKill();
        if (canFreeze() && isFrozen()) {
            thaw();
        }
    }

    void sendKill() {
        signal(SIGKILL);
    }

    @Override
    public void freeze() {
        requireFreezer();
        if (!tryFreeze(FREEZE_TIMEOUT)) {
            throw new CgroupException("cgroup " + path + " not frozen after " + FREEZE_TIMEOUT.toSeconds() + " s");
        }
    }

    @Override
    public void thaw() {
        requireFreezer();
        writeFreeze(false);
        awaitState(() -> !isFrozen(), FREEZE_TIMEOUT, "thawed");
    }

    private void requireFreezer() {
        if (!canFreeze()) {
            throw new CgroupException("cgroup " + path + " has no freezer");
        }
    }

    @Override
    public boolean awaitEmpty(Duration timeout) throws InterruptedException {
        return Polling.until(this::isEmpty, timeout, POLL_MILLIS);
    }

    private void awaitState(BooleanSupplier reached, Duration timeout, String state) {
        boolean done;
        try {
            done = Polling.until(reached, timeout, 1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CgroupException("interrupted while cgroup " + path + " was being " + state, e);
        }
        if (!done) {
            throw new CgroupException("cgroup " + path + " not " + state + " after " + timeout.toSeconds() + " s");
        }
    }

    /**
     * The tree lock is taken per hierarchy, not around the whole removal: a job's cgroups are removed while the
     * next job's launch creates its own, and that launch would otherwise wait for the process lists and rmdirs
     * of every hierarchy. Processes cannot be kept out by the lock anyway (they join by writing cgroup.procs), and
     * rmdir refuses a cgroup that still holds any.
     */
    @Override
    public void remove() {
        Set<Long> left = processes();
        if (!left.isEmpty()) {
            throw new CgroupException("cgroup " + path + " still holds processes " + left);
        }
        int depth = Path.of(path).getNameCount();
        for (Path dir : directories()) {
            synchronized (treeLock) {
                CgroupFiles.descendantsDeepestFirst(dir).forEach(CgroupFiles::removeDirectory);
                CgroupFiles.removeDirectory(dir);
                // Parents go too once no other job or user cgroup is left below them.
                Path parent = dir.getParent();
                for (int level = 1; level < depth && CgroupFiles.childNames(parent, "").isEmpty()
                        && CgroupFiles.removeDirectory(parent); level++) {
                    parent = parent.getParent();
                }
            }
        }
        LOG.info("removed cgroup {}", path);
    }

    @Override
    public String toString() {
        return version() + ":" + path;
    }
}
