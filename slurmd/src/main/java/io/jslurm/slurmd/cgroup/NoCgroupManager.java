package io.jslurm.slurmd.cgroup;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Jobs without cgroups, for a slurmd that is not root and cannot write the hierarchy: nothing is
 * confined, and each job's and step's processes are found by the session, process group and
 * process tree of the processes it started. The "cgroups" are directories below {@code stateDir}
 * in the usual layout, holding the ids of those processes, so a restarted slurmd finds its jobs.
 */
public final class NoCgroupManager implements CgroupManager {
    private final CgroupLayout layout;
    private final Path stateDir;
    private final Path proc;

    public NoCgroupManager(CgroupLayout layout, Path stateDir, Path proc) {
        this.layout = Objects.requireNonNull(layout, "layout");
        this.stateDir = Objects.requireNonNull(stateDir, "stateDir");
        this.proc = Objects.requireNonNull(proc, "proc");
    }

    @Override
    public CgroupVersion version() {
        return CgroupVersion.NONE;
    }

    @Override
    public CgroupLayout layout() {
        return layout;
    }

    @Override
    public Cgroup createJob(int uid, long jobId, CgroupLimits limits) {
        return create(layout.job(uid, jobId));
    }

    @Override
    public Cgroup createStep(int uid, long jobId, StepName step, CgroupLimits limits) {
        if (!Files.isDirectory(stateDir.resolve(layout.job(uid, jobId)))) {
            throw new CgroupException("cannot create step " + step + " of job " + jobId + ": the job has no entry "
                    + layout.job(uid, jobId));
        }
        return create(layout.step(uid, jobId, step));
    }

    private Cgroup create(String path) {
        try {
            Files.createDirectories(stateDir.resolve(path));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return cgroupAt(path);
    }

    private NoCgroup cgroupAt(String path) {
        return new NoCgroup(path, stateDir, proc);
    }

    private JobDirectories directories() {
        return new JobDirectories(layout, stateDir);
    }

    @Override
    public Optional<Cgroup> findJob(long jobId) {
        return directories().job(jobId).map(this::cgroupAt);
    }

    @Override
    public Optional<Cgroup> findStep(long jobId, StepName step) {
        return directories().step(jobId, step).map(this::cgroupAt);
    }

    @Override
    public List<StepName> steps(long jobId) {
        return directories().steps(jobId);
    }

    @Override
    public List<Long> jobIds() {
        return directories().jobIds();
    }
}
