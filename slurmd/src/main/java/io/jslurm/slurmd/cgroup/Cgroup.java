package io.jslurm.slurmd.cgroup;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * One job's or step's cgroup: the processes in it and below it, its limits and its usage. On v1
 * the same path exists in every controller's hierarchy and each operation touches the ones it
 * needs; on v2 it is one directory.
 *
 * <p>Processes are counted in this cgroup and every cgroup below it, so a job's cgroup answers for
 * all its steps.
 */
public interface Cgroup {
    /** Relative path below the hierarchy's base, e.g. {@code jslurm_n1/uid_1000/job_42/step_batch}. */
    String path();

    CgroupVersion version();

    /**
     * Moves a running process (with all its threads) into this cgroup. On v2 only cgroups without
     * children may hold processes once controllers are enabled below them, so processes belong in
     * steps, not jobs.
     */
    void addProcess(long pid);

    /**
     * A command line that first moves itself into this cgroup, then executes {@code command}: the
     * way to start a process confined from its first instruction, before it can fork. It uses
     * {@code /bin/sh} and must run as root; privileges are dropped by {@code command} itself (for
     * example a {@code setpriv} prefix), after joining. It exits with status 127 when it cannot
     * join, having run nothing.
     */
    List<String> joinAndExec(List<String> command);

    /**
     * The files a process joins this cgroup by, writing its own pid into each in this order, so that a
     * launcher that is already running as root can join without starting {@link #joinAndExec}'s shell; empty
     * where joining takes more than that.
     */
    default Optional<List<Path>> procsFiles() {
        return Optional.empty();
    }

    /** Ids of the live processes in this cgroup and below. */
    Set<Long> processes();

    boolean isEmpty();

    /**
     * Sends {@code signal} to every process in this cgroup and below. The cgroup is frozen while
     * the signal goes out, so a process that forks meanwhile cannot leave a child unsignalled;
     * {@link #kill()} is the better way to send SIGKILL.
     */
    void signal(int signal);

    /**
     * SIGKILL to every process, through v2's {@code cgroup.kill} where the kernel has it; a frozen
     * (suspended) cgroup is thawed so the processes can die.
     */
    void kill();

    /** Stops every process (suspend); returns once the kernel reports them all frozen. */
    void freeze();

    /** Lets frozen processes run again (resume). */
    void thaw();

    boolean isFrozen();

    /** Waits until no process is left; false when {@code timeout} passed first. */
    boolean awaitEmpty(Duration timeout) throws InterruptedException;

    CgroupUsage usage();

    /** Whether the OOM killer killed a process here (as {@code usage().oomKilled()}, reading only that). */
    default boolean oomKilled() {
        return usage().oomKilled();
    }

    /** Sets the limits given; empty fields keep what the cgroup has. */
    void applyLimits(CgroupLimits limits);

    /**
     * Removes this cgroup, the empty cgroups below it, and the parents up to the node prefix that
     * became empty.
     *
     * @throws CgroupException when processes are still inside
     */
    void remove();
}
