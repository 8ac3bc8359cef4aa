package io.jslurm.slurmd.cgroup;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Creation and lookup shared by both versions; subclasses make directories and cgroup objects. */
abstract sealed class FileCgroupManager implements CgroupManager permits V1CgroupManager, V2CgroupManager {
    private static final Logger LOG = LoggerFactory.getLogger(FileCgroupManager.class);

    private final CgroupLayout layout;
    /** Held while directories are created or removed, so removing an empty parent cannot race a new child. */
    final Object treeLock = new Object();

    FileCgroupManager(CgroupLayout layout) {
        this.layout = Objects.requireNonNull(layout, "layout");
    }

    /** The directory below which the layout's paths are looked up (v1: one controller's base). */
    abstract Path lookupBase();

    /** Creates the directories of {@code relative} that are missing, in every hierarchy. */
    abstract void createPath(String relative);

    abstract FileCgroup cgroupAt(String relative);

    @Override
    public CgroupLayout layout() {
        return layout;
    }

    @Override
    public Cgroup createJob(int uid, long jobId, CgroupLimits limits) {
        String path = layout.job(uid, jobId);
        synchronized (treeLock) {
            createPath(path);
        }
        return limited(path, limits);
    }

    @Override
    public Cgroup createStep(int uid, long jobId, StepName step, CgroupLimits limits) {
        String jobPath = layout.job(uid, jobId);
        String path = layout.step(uid, jobId, step);
        synchronized (treeLock) {
            if (!Files.isDirectory(lookupBase().resolve(jobPath))) {
                throw new CgroupException("cannot create step " + step + " of job " + jobId
                        + ": the job has no cgroup " + jobPath);
            }
            createPath(path);
        }
        return limited(path, limits);
    }

    private Cgroup limited(String path, CgroupLimits limits) {
        FileCgroup cgroup = cgroupAt(path);
        try {
            cgroup.applyLimits(limits);
        } catch (CgroupException e) {
            cgroup.remove();
            throw e;
        }
        LOG.info("created cgroup {} with limits {}", cgroup, limits);
        return cgroup;
    }

    private JobDirectories directories() {
        return new JobDirectories(layout, lookupBase());
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
